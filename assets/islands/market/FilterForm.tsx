import { useId, useMemo, type SubmitEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { useProfile } from "../../api/accounts";
import { queriesLeft } from "../../api/billing";
import { localeOf } from "../../i18n/format";
import { countryName, type Country, type FieldErrors, type FilterField, type MarketFilters } from "../../api/market";
import type { MessageKey } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { useLanguage } from "../../i18n/language";

interface FieldProps {
  field: FilterField;
  label: MessageKey;
  errors: FieldErrors;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

function Field({ field, label, errors, children }: FieldProps) {
  const t = useT();
  const format = useTextFormatter();
  const id = useId();
  const error = errors[field];
  return (
    <div className={`form-field filter-panel__${field}`}>
      <label htmlFor={id} className="form-field__label">
        {t(label)}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {format(error)}
        </p>
      )}
    </div>
  );
}

function QueriesLeft() {
  const t = useT();
  const intl = useIntl();
  const { data: profile } = useProfile();
  const left = queriesLeft(profile);
  if (left === undefined) return null;
  return (
    <p className="filter-panel__quota">
      {t("usage.queries")}: <strong>{left === null ? t("usage.unlimited") : intl.formatNumber(left)}</strong>
    </p>
  );
}

interface Props {
  value: MarketFilters;
  errors: FieldErrors;
  countries: Country[] | undefined;
  onChange: (value: MarketFilters) => void;
  onSubmit: () => void;
}

/** The trade data search (spec §3): parties and product, the period and the countries. */
export function FilterForm({ value, errors, countries, onChange, onSubmit }: Props) {
  const t = useT();
  const language = useLanguage();
  const options = useMemo(() => {
    const collator = new Intl.Collator(localeOf(language));
    return (countries ?? [])
      .map((country) => ({ code: country.code, name: countryName(countries, country.code, language) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, language]);
  const set = (field: FilterField) => (text: string) => onChange({ ...value, [field]: text });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: FilterField, label: MessageKey, placeholder?: MessageKey) => (
    <Field field={field} label={label} errors={errors}>
      {(props) => (
        <input
          {...props}
          className="input"
          value={value[field]}
          placeholder={placeholder ? t(placeholder) : undefined}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </Field>
  );
  const country = (field: "importerCountry" | "exporterCountry", label: MessageKey) => (
    <Field field={field} label={label} errors={errors}>
      {(props) => (
        <select {...props} className="select" value={value[field]} onChange={(event) => set(field)(event.target.value)}>
          <option value="">{t("market.filters.anyCountry")}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <form className="card filter-panel" onSubmit={submit} noValidate aria-label={t("market.filters.title")}>
      <div className="filter-panel__grid">
        {text("productDetails", "market.filters.product", "market.filters.productPlaceholder")}
        {text("importerName", "market.filters.importer")}
        {text("exporterName", "market.filters.exporter")}
        {text("startDate", "market.filters.startDate", "market.filters.datePlaceholder")}
        {text("endDate", "market.filters.endDate", "market.filters.datePlaceholder")}
        {country("importerCountry", "market.filters.importerCountry")}
        {country("exporterCountry", "market.filters.exporterCountry")}
      </div>
      <div className="filter-panel__actions">
        <QueriesLeft />
        <button type="submit" className="button button--primary">
          {t("market.filters.search")}
        </button>
      </div>
    </form>
  );
}
