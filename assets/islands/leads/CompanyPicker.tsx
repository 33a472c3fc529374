import { useState, type SubmitEvent } from "react";
import { companyQuery, emptyCompanyFilters, useCompanies, useCompany } from "../../api/leads";
import { useT } from "../../i18n/useT";
import { Icon } from "../../shell/Icon";
import { useCountries } from "./format";

function ChosenCompany({ id, onRemove }: { id: number; onRemove: () => void }) {
  const t = useT();
  const { data } = useCompany(id);
  const name = data?.name ?? `#${id}`;
  return (
    <li className="chip">
      {name}
      <button type="button" className="chip__remove" aria-label={t("leads.filters.remove", { value: name })} onClick={onRemove}>
        <Icon name="close" size={12} />
      </button>
    </li>
  );
}

interface Props {
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}

/** People are searched within companies: find companies by name and choose them here. */
export function CompanyPicker({ chosen, onChange }: Props) {
  const t = useT();
  const { nameOf } = useCountries();
  const [draft, setDraft] = useState("");
  const [name, setName] = useState("");
  const query = name ? companyQuery({ ...emptyCompanyFilters(), companyName: name }) : null;
  const { data: found, isLoading } = useCompanies(query, 1, 10);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setName(draft.trim());
  };
  return (
    <section className="card leads-picker" aria-labelledby="leads-picker-title">
      <h2 id="leads-picker-title" className="card__title">
        {t("leads.picker.title")}
      </h2>
      <p className="hint">{t("leads.picker.hint")}</p>
      <form className="leads-picker__search" onSubmit={submit} role="search">
        <input
          className="input"
          aria-label={t("leads.picker.search")}
          placeholder={t("leads.picker.placeholder")}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          {t("leads.picker.find")}
        </button>
        <a className="button button--ghost" href="/find-global-company">
          {t("leads.picker.advanced")}
        </a>
      </form>
      {query !== null && (
        <ul className="leads-picker__results" aria-busy={isLoading} aria-label={t("leads.picker.results")}>
          {found?.rows.length === 0 && <li className="muted">{t("leads.companies.noMatch")}</li>}
          {found?.rows.map((company) => (
            <li key={company.id} className="leads-picker__result">
              <span>
                {company.name}
                <span className="data-table__detail">{nameOf(company.country)}</span>
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={chosen.includes(company.id)}
                onClick={() => onChange([...chosen, company.id])}
              >
                {chosen.includes(company.id) ? t("leads.picker.chosen") : t("leads.picker.choose")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul className="chips leads-chips" aria-label={t("leads.picker.chosenList")}>
          {chosen.map((id) => (
            <ChosenCompany key={id} id={id} onRemove={() => onChange(chosen.filter((item) => item !== id))} />
          ))}
        </ul>
      )}
    </section>
  );
}
