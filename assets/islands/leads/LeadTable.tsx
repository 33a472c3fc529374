import { useState } from "react";
import type { Lead, Page } from "../../api/leads";
import { Pagination } from "../../components/Pagination";
import { useT } from "../../i18n/useT";
import { EmptyState } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { useLanguage } from "../../i18n/language";
import { EmailCell, PhoneCell } from "./ContactCells";
import { formatCount, formatRevenue, seniorityLabel, useCountries } from "./format";
import { DemoBadge } from "../../components/DemoBadge";

/** The row as fetched, with a reveal answered since; once the server knows a state, it wins. */
function withReveal(row: Lead, reveal: Lead | undefined): Lead {
  if (!reveal) return row;
  const email = row.emailState ? row : reveal;
  const phone = row.phoneState ? row : reveal;
  return {
    ...row,
    email: email.email,
    emailStatus: email.emailStatus,
    emailState: email.emailState,
    phone: phone.phone,
    phoneState: phone.phoneState,
  };
}

interface Props {
  /** The people of one company: its name, revenue and size would repeat on every row. */
  withinCompany?: boolean;
  result: Page<Lead> | undefined;
  loading: boolean;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** People with the spec's §3 columns; email and phone are revealed per row, for credits. */
export function LeadTable({ withinCompany = false, result, loading, pageSizes, onPage, onPageSize }: Props) {
  const t = useT();
  const language = useLanguage();
  const { nameOf } = useCountries();
  // Reveals answered in this view, until the list itself is fetched again.
  const [revealed, setRevealed] = useState<Record<number, Lead>>({});
  if (!result) return loading ? <Skeleton /> : null;
  if (result.total === 0) return <EmptyState title={t("leads.people.noMatch")} hint={t("leads.people.noMatchHint")} />;
  const onRevealed = (lead: Lead) => setRevealed((current) => ({ ...current, [lead.id]: lead }));
  const label = {
    name: t("leads.people.name"),
    social: t("leads.people.social"),
    country: t("leads.people.country"),
    location: t("leads.people.location"),
    revenue: t("leads.companies.revenue"),
    employees: t("leads.companies.employees"),
    role: t("leads.people.role"),
    company: t("leads.people.company"),
    email: t("leads.people.email"),
    phone: t("leads.people.phone"),
  };
  return (
    <>
      <div className="table-scroll" aria-busy={loading}>
        <table className="data-table data-table--stack leads-table">
          <thead>
            <tr>
              <th scope="col">{label.name}</th>
              <th scope="col">{label.social}</th>
              <th scope="col">{label.country}</th>
              <th scope="col">{label.location}</th>
              {!withinCompany && (
                <>
                  <th scope="col" className="data-table__number">
                    {label.revenue}
                  </th>
                  <th scope="col" className="data-table__number">
                    {label.employees}
                  </th>
                </>
              )}
              <th scope="col">{label.role}</th>
              {!withinCompany && <th scope="col">{label.company}</th>}
              <th scope="col">{label.email}</th>
              <th scope="col">{label.phone}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => {
              const lead = withReveal(row, revealed[row.id]);
              return (
                <tr key={lead.id}>
                  <td className="leads-table__name" data-label={label.name}>
                    {lead.name}
                  </td>
                  <td data-label={label.social}>
                    {lead.socialUrl ? (
                      <a href={lead.socialUrl} target="_blank" rel="noopener noreferrer">
                        {t("leads.people.profile")}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td data-label={label.country}>{nameOf(lead.country)}</td>
                  <td data-label={label.location}>{lead.location || "—"}</td>
                  {!withinCompany && (
                    <>
                      <td className="data-table__number" data-label={label.revenue}>
                        {formatRevenue(lead.company, language)}
                      </td>
                      <td className="data-table__number" data-label={label.employees}>
                        {formatCount(lead.company.employees, language)}
                      </td>
                    </>
                  )}
                  <td data-label={label.role}>
                    {lead.jobTitle || "—"}
                    <span className="data-table__detail">
                      {[seniorityLabel(t, lead.seniority), lead.department].filter(Boolean).join(" · ")}
                    </span>
                  </td>
                  {!withinCompany && (
                    <td data-label={label.company}>
                      <a href={`/find-global-company/${lead.company.id}`}>{lead.company.name}</a>
                      {lead.company.isDemo && <DemoBadge />}
                    </td>
                  )}
                  <td data-label={label.email}>
                    <EmailCell lead={lead} onRevealed={onRevealed} />
                  </td>
                  <td data-label={label.phone}>
                    <PhoneCell lead={lead} onRevealed={onRevealed} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        page={result.page}
        pageSize={result.pageSize}
        total={result.total}
        pageSizes={pageSizes}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
  );
}
