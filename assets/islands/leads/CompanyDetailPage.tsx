import { useState } from "react";
import { companyFiltersFromQuery, emptyLeadFilters, useCompany, useLeads, type CompanyDetail } from "../../api/leads";
import { PAGE_SIZES } from "../../api/market";
import { formatShipmentDate } from "../../i18n/format";
import { labelFor } from "../../i18n/labels";
import { useT } from "../../i18n/useT";
import { EmptyState, PageHeader } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { useLanguage } from "../../i18n/language";
import { formatCount, formatRevenue, useCountries } from "./format";
import { LeadTable } from "./LeadTable";
import { TradeHistory } from "./TradeHistory";
import { DemoBadge } from "../../components/DemoBadge";

function Facts({ company }: { company: CompanyDetail }) {
  const t = useT();
  const language = useLanguage();
  const { nameOf } = useCountries();
  const facts: [string, string][] = [
    [t("leads.detail.location"), [company.city, nameOf(company.country)].filter(Boolean).join(", ")],
    [t("leads.companies.industries"), company.industries.map((industry) => labelFor(t, "leads.industry", industry)).join(", ")],
    [t("leads.companies.revenue"), formatRevenue(company, language)],
    [t("leads.companies.employees"), formatCount(company.employees, language)],
    [t("leads.detail.founded"), company.foundedYear ? String(company.foundedYear) : ""],
    [t("leads.filters.businessType"), company.businessType && labelFor(t, "leads.businessType", company.businessType)],
    [t("leads.filters.technology"), company.technologies.join(", ")],
    [
      t("leads.detail.funding"),
      [company.fundingStage && labelFor(t, "leads.fundingStage", company.fundingStage), company.fundingDate && formatShipmentDate(company.fundingDate, language)]
        .filter(Boolean)
        .join(" · "),
    ],
    [t("leads.detail.jobPostings"), company.jobPostings ? formatCount(company.jobPostings, language) : ""],
    [t("leads.detail.retailLocations"), formatCount(company.retailLocations, language)],
    [t("leads.detail.people"), formatCount(company.peopleCount, language)],
  ];
  return (
    <section className="card leads-panel">
      {/* A demo company's stored description is English; the reader gets the same facts in their language. */}
      {company.isDemo ? (
        <p className="leads-detail__description">{t("leads.detail.demoDescription")}</p>
      ) : (
        company.description && <p className="leads-detail__description">{company.description}</p>
      )}
      <dl className="leads-facts">
        {facts
          .filter(([, value]) => value && value !== "—")
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {company.keywords.length > 0 && (
        <ul className="chips leads-chips" aria-label={t("leads.filters.keyword")}>
          {company.keywords.map((keyword) => (
            <li key={keyword} className="chip leads-chip--plain">
              {keyword}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function People({ companyId }: { companyId: number }) {
  const t = useT();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const leads = useLeads(emptyLeadFilters([companyId]), paging.page, paging.pageSize);
  return (
    <section className="card leads-panel">
      <div className="panel-head">
        <h2 className="card__title">{t("leads.detail.peopleTitle")}</h2>
        <a className="button button--secondary button--small" href={`/find-global-lead?company_ids=${companyId}`}>
          {t("leads.detail.searchPeople")}
        </a>
      </div>
      <LeadTable
        withinCompany
        result={leads.data}
        loading={leads.isLoading || leads.isValidating}
        pageSizes={PAGE_SIZES}
        onPage={(page) => setPaging({ ...paging, page })}
        onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
      />
    </section>
  );
}

/** /find-global-company/{id}: the company, what it imports, and who works there. */
export function CompanyDetailPage({ companyId }: { companyId: number | null }) {
  const t = useT();
  const { data: company, error } = useCompany(companyId);
  // The list's filters came along in the address: the back link returns to the same list.
  const search = window.location.search;
  const back = { href: `/find-global-company${search}`, label: t("page.companyDetail.back") };
  const product = companyFiltersFromQuery(search)?.importsProduct ?? "";
  if (!company) {
    return (
      <>
        <PageHeader title={t("page.companyDetail.title")} back={back} />
        {error || companyId === null ? <EmptyState title={t("leads.detail.missing")} /> : <Skeleton />}
      </>
    );
  }
  return (
    <>
      <PageHeader title={company.name} description={company.domain || undefined} back={back}>
        {company.isDemo && <DemoBadge className="leads-detail__badge" />}
      </PageHeader>
      <div className="leads">
        <Facts company={company} />
        <TradeHistory company={company} product={product} />
        {companyId !== null && <People companyId={companyId} />}
      </div>
    </>
  );
}
