import { useState } from "react";
import type { Lead, Page } from "../../api/leads";
import { DataTable, type Column } from "../../components/DataTable";
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
  const companyColumns: Column<Lead>[] = [
    { key: "revenue", label: t("leads.companies.revenue"), cell: (lead) => formatRevenue(lead.company, language), numeric: true },
    { key: "employees", label: t("leads.companies.employees"), cell: (lead) => formatCount(lead.company.employees, language), numeric: true },
  ];
  const company: Column<Lead> = {
    key: "company",
    label: t("leads.people.company"),
    cell: (lead) => (
      <>
        <a href={`/find-global-company/${lead.company.id}`}>{lead.company.name}</a>
        {lead.company.isDemo && <DemoBadge />}
      </>
    ),
  };
  // Within one company its name, revenue and size would repeat on every row.
  const columns: Column<Lead>[] = [
    { key: "name", label: t("leads.people.name"), className: "leads-table__name", cell: (lead) => lead.name },
    {
      key: "social",
      label: t("leads.people.social"),
      cell: (lead) =>
        lead.socialUrl ? (
          <a href={lead.socialUrl} target="_blank" rel="noopener noreferrer">
            {t("leads.people.profile")}
          </a>
        ) : (
          "—"
        ),
    },
    { key: "country", label: t("leads.people.country"), cell: (lead) => nameOf(lead.country) },
    { key: "location", label: t("leads.people.location"), cell: (lead) => lead.location || "—" },
    ...(withinCompany ? [] : companyColumns),
    {
      key: "role",
      label: t("leads.people.role"),
      cell: (lead) => (
        <>
          {lead.jobTitle || "—"}
          <span className="data-table__detail">{[seniorityLabel(t, lead.seniority), lead.department].filter(Boolean).join(" · ")}</span>
        </>
      ),
    },
    ...(withinCompany ? [] : [company]),
    { key: "email", label: t("leads.people.email"), cell: (lead) => <EmailCell lead={lead} onRevealed={onRevealed} /> },
    { key: "phone", label: t("leads.people.phone"), cell: (lead) => <PhoneCell lead={lead} onRevealed={onRevealed} /> },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={result.rows.map((row) => withReveal(row, revealed[row.id]))}
        rowKey={(lead) => lead.id}
        className="leads-table"
        stack
        busy={loading}
      />
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
