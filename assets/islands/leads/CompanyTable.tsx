import type { Company, Page } from "../../api/leads";
import { formatShipmentDate } from "../../i18n/format";
import { labelFor } from "../../i18n/labels";
import { DataTable, type Column } from "../../components/DataTable";
import { Pagination } from "../../components/Pagination";
import { useT } from "../../i18n/useT";
import { Link } from "../../shell/Link";
import { EmptyState } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { useLanguage } from "../../i18n/language";
import { formatCount, formatRevenue, useCountries } from "./format";
import { DemoBadge } from "../../components/DemoBadge";

interface Props {
  result: Page<Company> | undefined;
  loading: boolean;
  pageSizes: readonly number[];
  /** The list's own query string, carried to the detail so its back link returns here. */
  listSearch: string;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function companyHref(id: number, listSearch: string): string {
  return `/find-global-company/${id}${listSearch ? `?${listSearch}` : ""}`;
}

/** The companies of a search (spec §3 columns plus their imports); a name opens the detail. */
export function CompanyTable({ result, loading, pageSizes, listSearch, selected, onSelect, onPage, onPageSize }: Props) {
  const t = useT();
  const language = useLanguage();
  const { nameOf } = useCountries();
  if (!result) return loading ? <Skeleton /> : null;
  if (result.total === 0) return <EmptyState title={t("leads.companies.noMatch")} hint={t("leads.companies.noMatchHint")} />;
  const ids = result.rows.map((company) => company.id);
  const allSelected = ids.every((id) => selected.includes(id));
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id]);
  const columns: Column<Company>[] = [
    {
      key: "select",
      label: t("leads.companies.selectPage"),
      className: "leads-table__check",
      cardLabel: false,
      heading: (
        <input
          type="checkbox"
          aria-label={t("leads.companies.selectPage")}
          checked={allSelected}
          onChange={() => onSelect(allSelected ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])])}
        />
      ),
      cell: (company) => (
        <input
          type="checkbox"
          aria-label={t("leads.companies.select", { name: company.name })}
          checked={selected.includes(company.id)}
          onChange={() => toggle(company.id)}
        />
      ),
    },
    {
      key: "name",
      label: t("leads.companies.name"),
      cell: (company) => (
        <>
          <Link href={companyHref(company.id, listSearch)} className="leads-table__name">
            {company.name}
          </Link>
          {company.isDemo && <DemoBadge />}
          <span className="data-table__detail">
            {[company.city, nameOf(company.country)].filter(Boolean).join(", ")}
            {company.domain && ` · ${company.domain}`}
          </span>
        </>
      ),
    },
    {
      key: "industries",
      label: t("leads.companies.industries"),
      className: "leads-table__industries",
      cell: (company) => company.industries.map((industry) => labelFor(t, "leads.industry", industry)).join(", ") || "—",
    },
    { key: "revenue", label: t("leads.companies.revenue"), cell: (company) => formatRevenue(company, language), numeric: true },
    { key: "employees", label: t("leads.companies.employees"), cell: (company) => formatCount(company.employees, language), numeric: true },
    {
      key: "lastImport",
      label: t("leads.companies.lastImport"),
      cell: (company) => (company.lastImportDate ? formatShipmentDate(company.lastImportDate, language) : "—"),
      nowrap: true,
    },
    { key: "shipments", label: t("leads.companies.shipments"), cell: (company) => formatCount(company.shipmentCount, language), numeric: true },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={result.rows}
        rowKey={(company) => company.id}
        className="leads-table"
        stack
        busy={loading}
      />
      <Pagination
        page={result.page}
        pageSize={result.pageSize}
        total={result.total}
        totalIsEstimate={result.totalIsEstimate}
        pageSizes={pageSizes}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </>
  );
}
