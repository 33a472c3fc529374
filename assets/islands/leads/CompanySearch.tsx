import { useState } from "react";
import {
  companyErrorsOf,
  companyFiltersFromQuery,
  companyQuery,
  emptyCompanyFilters,
  useCompanies,
  validateCompanyFilters,
  type CompanyErrors,
  type CompanyFilters,
} from "../../api/leads";
import { PAGE_SIZES } from "../../api/market";
import { useT } from "../../i18n/useT";
import { useAnalytics } from "../../shell/context";
import { EmptyState } from "../../shell/PageHeader";
import { listSearch, pagingFromSearch, writeListToAddress } from "./address";
import { CompanyFilterForm } from "./CompanyFilterForm";
import { CompanyTable } from "./CompanyTable";
import { ResultCount } from "../../components/ResultCount";

function initialSearch(): { form: CompanyFilters; submitted: CompanyFilters | null } {
  const fromAddress = companyFiltersFromQuery(window.location.search);
  if (!fromAddress) return { form: emptyCompanyFilters(), submitted: null };
  const valid = Object.keys(validateCompanyFilters(fromAddress)).length === 0;
  return { form: fromAddress, submitted: valid ? fromAddress : null };
}

/** /find-global-company: the company filters, the matching companies, and their people. */
export function CompanySearch() {
  const t = useT();
  const analytics = useAnalytics();
  const [initial] = useState(initialSearch);
  const [form, setForm] = useState(initial.form);
  const [submitted, setSubmitted] = useState(initial.submitted);
  const [clientErrors, setClientErrors] = useState<CompanyErrors>({});
  const [paging, setPaging] = useState(() => pagingFromSearch(window.location.search));
  const [selected, setSelected] = useState<number[]>([]);
  const query = submitted ? companyQuery(submitted) : null;
  const companies = useCompanies(query, paging.page, paging.pageSize);
  const errors: CompanyErrors = { ...(companyErrorsOf(companies.error) ?? {}), ...clientErrors };
  const search = query === null ? "" : listSearch(query, paging.page, paging.pageSize);

  const go = (next: { page: number; pageSize: number }, filters = submitted) => {
    setPaging(next);
    if (filters) writeListToAddress(listSearch(companyQuery(filters), next.page, next.pageSize));
  };
  const run = () => {
    const found = validateCompanyFilters(form);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitted(form);
    setSelected([]);
    analytics.event("find_global_company", "search", form.importsProduct ? "trade" : "profile");
    go({ page: 1, pageSize: paging.pageSize }, form);
  };
  const peopleHref = `/find-global-lead?${selected.map((id) => `company_ids=${id}`).join("&")}`;

  return (
    <div className="leads">
      <ResultCount
        total={query === null ? undefined : companies.data?.total}
        totalIsEstimate={companies.data?.totalIsEstimate}
        loading={query !== null && companies.isLoading}
      />
      <CompanyFilterForm value={form} errors={errors} onChange={setForm} onSubmit={run} />
      {query === null ? (
        <EmptyState title={t("leads.companies.empty")} hint={t("leads.companies.emptyHint")} />
      ) : (
        <section className="card leads-panel">
          <div className="panel-head">
            <h2 className="card__title">{t("leads.companies.title")}</h2>
            {selected.length > 0 && (
              <a className="button button--primary button--small" href={peopleHref}>
                {t("leads.companies.people", { count: selected.length })}
              </a>
            )}
          </div>
          <CompanyTable
            result={companies.data}
            loading={companies.isLoading || companies.isValidating}
            pageSizes={PAGE_SIZES}
            listSearch={search}
            selected={selected}
            onSelect={setSelected}
            onPage={(page) => go({ ...paging, page })}
            onPageSize={(pageSize) => go({ page: 1, pageSize })}
          />
        </section>
      )}
    </div>
  );
}
