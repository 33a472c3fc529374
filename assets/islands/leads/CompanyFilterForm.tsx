import { useState, type SubmitEvent } from "react";
import {
  RANGES,
  emptyCompanyFilters,
  type CompanyErrors,
  type CompanyFilters,
  type ListField,
  type TextField,
} from "../../api/leads";
import type { MessageKey } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { useCountries } from "./format";
import { FieldShell, OptionSelect, TagInput } from "./MultiSelect";

interface Props {
  value: CompanyFilters;
  errors: CompanyErrors;
  onChange: (value: CompanyFilters) => void;
  onSubmit: () => void;
}

/** The fields behind "More filters"; the panel opens when one of them is set or wrong. */
const ADVANCED: readonly (keyof CompanyErrors)[] = [
  "companyLocation",
  "technology",
  "fundingStages",
  "fundingDate",
  "jobPosting",
  "jobPostingDate",
  "businessType",
  ...RANGES.flatMap((range) => [range.min, range.max]),
];

const RANGE_LABELS: Record<(typeof RANGES)[number]["prefix"], MessageKey> = {
  revenue: "leads.filters.revenue",
  companySize: "leads.filters.companySize",
  foundedYear: "leads.filters.foundedYear",
  retailLocation: "leads.filters.retailLocation",
};

/** Every company filter of spec §3, the two trade filters first: they are what no peer has. */
export function CompanyFilterForm({ value, errors, onChange, onSubmit }: Props) {
  const t = useT();
  const format = useTextFormatter();
  const { options: countries } = useCountries();
  const [expanded, setExpanded] = useState(() => {
    const initial = emptyCompanyFilters();
    return ADVANCED.some((field) => field !== "filters" && String(value[field]) !== String(initial[field]));
  });
  const more = expanded || ADVANCED.some((field) => errors[field]);
  const errorOf = (field: keyof CompanyErrors) => {
    const error = errors[field];
    return error ? format(error) : undefined;
  };
  const setText = (field: TextField) => (text: string) => onChange({ ...value, [field]: text });
  const setList = (field: ListField) => (values: string[]) => onChange({ ...value, [field]: values });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: TextField, label: MessageKey, placeholder?: MessageKey) => (
    <FieldShell label={t(label)} error={errorOf(field)}>
      {(props) => (
        <input
          {...props}
          className="input"
          value={value[field]}
          placeholder={placeholder && t(placeholder)}
          onChange={(event) => setText(field)(event.target.value)}
        />
      )}
    </FieldShell>
  );
  const tags = (field: ListField, label: MessageKey) => (
    <TagInput
      label={t(label)}
      values={value[field]}
      placeholder={t("leads.filters.tagHint")}
      error={errorOf(field)}
      onChange={setList(field)}
    />
  );
  const range = ({ prefix, min, max }: (typeof RANGES)[number]) => (
    <fieldset key={prefix} className="leads-range">
      <legend className="form-field__label">{t(RANGE_LABELS[prefix])}</legend>
      <div className="leads-range__pair">
        {(
          [
            [min, "leads.filters.min"],
            [max, "leads.filters.max"],
          ] as const
        ).map(([field, label]) => (
          <input
            key={field}
            className="input"
            inputMode="numeric"
            aria-label={`${t(RANGE_LABELS[prefix])} ${t(label)}`}
            aria-invalid={errors[field] ? true : undefined}
            placeholder={t(label)}
            value={value[field]}
            onChange={(event) => setText(field)(event.target.value)}
          />
        ))}
      </div>
      {[errors[min], errors[max]].map(
        (error, index) =>
          error && (
            <p key={index} className="form-field__error" role="alert">
              {format(error)}
            </p>
          ),
      )}
    </fieldset>
  );
  return (
    <form className="card filter-panel leads-filters" onSubmit={submit} noValidate aria-label={t("leads.filters.title")}>
      <div className="filter-panel__grid">
        {text("importsProduct", "leads.filters.importsProduct", "leads.filters.importsProductHint")}
        {text("importedSince", "leads.filters.importedSince", "market.filters.datePlaceholder")}
        {text("companyName", "leads.filters.companyName")}
        <OptionSelect
          label={t("leads.filters.countries")}
          values={value.countries}
          options={countries}
          anyLabel={t("market.filters.anyCountry")}
          error={errorOf("countries")}
          onChange={setList("countries")}
        />
        {tags("industries", "leads.filters.industries")}
        {text("keyword", "leads.filters.keyword")}
      </div>
      {more && (
        <div className="filter-panel__grid leads-filters__more">
          {text("companyLocation", "leads.filters.companyLocation")}
          {tags("technology", "leads.filters.technology")}
          {tags("fundingStages", "leads.filters.fundingStages")}
          {text("fundingDate", "leads.filters.fundingDate", "market.filters.datePlaceholder")}
          <FieldShell label={t("leads.filters.jobPosting")}>
            {(props) => (
              <select
                {...props}
                className="select"
                value={value.jobPosting}
                onChange={(event) => onChange({ ...value, jobPosting: event.target.value as CompanyFilters["jobPosting"] })}
              >
                <option value="">{t("leads.filters.any")}</option>
                <option value="true">{t("leads.filters.hiring")}</option>
                <option value="false">{t("leads.filters.notHiring")}</option>
              </select>
            )}
          </FieldShell>
          {text("jobPostingDate", "leads.filters.jobPostingDate", "market.filters.datePlaceholder")}
          {tags("businessType", "leads.filters.businessType")}
          {RANGES.map(range)}
        </div>
      )}
      {errors.filters && (
        <p className="form-alert" role="alert">
          {format(errors.filters)}
        </p>
      )}
      <div className="filter-panel__actions">
        <button type="button" className="button button--ghost button--small" aria-expanded={more} onClick={() => setExpanded(!more)}>
          {t(more ? "leads.filters.fewer" : "leads.filters.more")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onChange(emptyCompanyFilters())}>
          {t("leads.filters.clear")}
        </button>
        <button type="submit" className="button button--primary">
          {t("market.filters.search")}
        </button>
      </div>
    </form>
  );
}
