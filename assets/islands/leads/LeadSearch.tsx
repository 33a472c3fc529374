import { useState, type SubmitEvent } from "react";
import {
  SENIORITIES,
  emptyLeadFilters,
  leadFiltersFromQuery,
  leadQuery,
  useLeads,
  type LeadFilters,
} from "../../api/leads";
import { PAGE_SIZES } from "../../api/market";
import { useT } from "../../i18n/useT";
import { useAnalytics } from "../../shell/context";
import { EmptyState } from "../../shell/PageHeader";
import { listSearch, pagingFromSearch, writeListToAddress } from "./address";
import { CompanyPicker } from "./CompanyPicker";
import { seniorityLabel, useCountries } from "./format";
import { FieldShell, OptionSelect, TagInput } from "./MultiSelect";
import { LeadTable } from "./LeadTable";
import { ResultCount } from "../../components/ResultCount";

function LeadFilterForm({ value, onChange, onSubmit }: { value: LeadFilters; onChange: (value: LeadFilters) => void; onSubmit: () => void }) {
  const t = useT();
  const { options: countries } = useCountries();
  const seniorities = SENIORITIES.map((item) => ({ value: item, label: seniorityLabel(t, item) }));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: "name" | "leadLocation" | "keyword", label: "leads.people.name" | "leads.filters.leadLocation" | "leads.filters.keyword") => (
    <FieldShell label={t(label)}>
      {(props) => (
        <input {...props} className="input" value={value[field]} onChange={(event) => onChange({ ...value, [field]: event.target.value })} />
      )}
    </FieldShell>
  );
  return (
    <form className="card filter-panel leads-filters" onSubmit={submit} noValidate aria-label={t("leads.people.filters")}>
      <div className="filter-panel__grid">
        {text("name", "leads.people.name")}
        <TagInput
          label={t("leads.filters.jobTitle")}
          values={value.jobTitle}
          placeholder={t("leads.filters.tagHint")}
          onChange={(jobTitle) => onChange({ ...value, jobTitle })}
        />
        <OptionSelect
          label={t("leads.filters.seniority")}
          values={value.seniority}
          options={seniorities}
          anyLabel={t("leads.filters.any")}
          onChange={(seniority) => onChange({ ...value, seniority })}
        />
        {text("leadLocation", "leads.filters.leadLocation")}
        <OptionSelect
          label={t("leads.filters.countries")}
          values={value.countries}
          options={countries}
          anyLabel={t("market.filters.anyCountry")}
          onChange={(picked) => onChange({ ...value, countries: picked })}
        />
        {text("keyword", "leads.filters.keyword")}
      </div>
      <div className="filter-panel__actions">
        <button type="submit" className="button button--primary" disabled={value.companyIds.length === 0}>
          {t("market.filters.search")}
        </button>
      </div>
    </form>
  );
}

/** /find-global-lead: choose companies, filter their people, reveal contacts. */
export function LeadSearch() {
  const t = useT();
  const analytics = useAnalytics();
  const [form, setForm] = useState(() => leadFiltersFromQuery(window.location.search));
  const [submitted, setSubmitted] = useState<LeadFilters>(form);
  const [paging, setPaging] = useState(() => pagingFromSearch(window.location.search));
  const leads = useLeads(submitted, paging.page, paging.pageSize);

  const show = (filters: LeadFilters, next: { page: number; pageSize: number }) => {
    setSubmitted(filters);
    setPaging(next);
    writeListToAddress(listSearch(leadQuery(filters), next.page, next.pageSize));
  };
  const choose = (companyIds: number[]) => {
    const next = { ...form, companyIds };
    setForm(next);
    show(companyIds.length > 0 ? { ...submitted, companyIds } : emptyLeadFilters(), { page: 1, pageSize: paging.pageSize });
  };

  return (
    <div className="leads">
      <ResultCount
        total={submitted.companyIds.length === 0 ? undefined : leads.data?.total}
        totalIsEstimate={leads.data?.totalIsEstimate}
        loading={submitted.companyIds.length > 0 && leads.isLoading}
      />
      <CompanyPicker chosen={form.companyIds} onChange={choose} />
      <LeadFilterForm
        value={form}
        onChange={setForm}
        onSubmit={() => {
          analytics.event("find_global_lead", "search", String(form.companyIds.length));
          show(form, { page: 1, pageSize: paging.pageSize });
        }}
      />
      {submitted.companyIds.length === 0 ? (
        <EmptyState title={t("leads.people.chooseFirst")} hint={t("leads.people.chooseFirstHint")} />
      ) : (
        <section className="card leads-panel">
          <h2 className="card__title">{t("leads.people.title")}</h2>
          <LeadTable
            result={leads.data}
            loading={leads.isLoading || leads.isValidating}
            pageSizes={PAGE_SIZES}
            onPage={(page) => show(submitted, { ...paging, page })}
            onPageSize={(pageSize) => show(submitted, { page: 1, pageSize })}
          />
        </section>
      )}
    </div>
  );
}
