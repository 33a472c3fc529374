import { useState } from "react";
import type { Lead, Page } from "../../api/leads";
import { Pagination } from "../../components/Pagination";
import { useT } from "../../i18n/useT";
import { EmptyState } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { useLanguage } from "../../i18n/language";
import { EmailCell, PhoneCell } from "./ContactCells";
import { formatCount, formatRevenue, seniorityLabel, useCountries } from "./format";

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
  return (
    <>
      <div className="table-scroll" aria-busy={loading}>
        <table className="data-table leads-table">
          <thead>
            <tr>
              <th scope="col">{t("leads.people.name")}</th>
              <th scope="col">{t("leads.people.social")}</th>
              <th scope="col">{t("leads.people.country")}</th>
              <th scope="col">{t("leads.people.location")}</th>
              {!withinCompany && (
                <>
                  <th scope="col" className="data-table__number">
                    {t("leads.companies.revenue")}
                  </th>
                  <th scope="col" className="data-table__number">
                    {t("leads.companies.employees")}
                  </th>
                </>
              )}
              <th scope="col">{t("leads.people.role")}</th>
              {!withinCompany && <th scope="col">{t("leads.people.company")}</th>}
              <th scope="col">{t("leads.people.email")}</th>
              <th scope="col">{t("leads.people.phone")}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => {
              const lead = withReveal(row, revealed[row.id]);
              return (
                <tr key={lead.id}>
                  <td className="leads-table__name">{lead.name}</td>
                  <td>
                    {lead.socialUrl ? (
                      <a href={lead.socialUrl} target="_blank" rel="noopener noreferrer">
                        {t("leads.people.profile")}
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{nameOf(lead.country)}</td>
                  <td>{lead.location || "—"}</td>
                  {!withinCompany && (
                    <>
                      <td className="data-table__number">{formatRevenue(lead.company, language)}</td>
                      <td className="data-table__number">{formatCount(lead.company.employees, language)}</td>
                    </>
                  )}
                  <td>
                    {lead.jobTitle || "—"}
                    <span className="data-table__detail">
                      {[seniorityLabel(t, lead.seniority), lead.department].filter(Boolean).join(" · ")}
                    </span>
                  </td>
                  {!withinCompany && (
                    <td>
                      <a href={`/find-global-company/${lead.company.id}`}>{lead.company.name}</a>
                    </td>
                  )}
                  <td>
                    <EmailCell lead={lead} onRevealed={onRevealed} />
                  </td>
                  <td>
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
