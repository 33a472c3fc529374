import type { Company, Page } from "../../api/leads";
import { formatShipmentDate } from "../../i18n/format";
import { labelFor } from "../../i18n/labels";
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
  const label = {
    name: t("leads.companies.name"),
    industries: t("leads.companies.industries"),
    revenue: t("leads.companies.revenue"),
    employees: t("leads.companies.employees"),
    lastImport: t("leads.companies.lastImport"),
    shipments: t("leads.companies.shipments"),
  };
  return (
    <>
      <div className="table-scroll" aria-busy={loading}>
        <table className="data-table data-table--stack leads-table">
          <thead>
            <tr>
              <th scope="col" className="leads-table__check">
                <input
                  type="checkbox"
                  aria-label={t("leads.companies.selectPage")}
                  checked={allSelected}
                  onChange={() =>
                    onSelect(allSelected ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])])
                  }
                />
              </th>
              <th scope="col">{label.name}</th>
              <th scope="col">{label.industries}</th>
              <th scope="col" className="data-table__number">
                {label.revenue}
              </th>
              <th scope="col" className="data-table__number">
                {label.employees}
              </th>
              <th scope="col">{label.lastImport}</th>
              <th scope="col" className="data-table__number">
                {label.shipments}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((company) => (
              <tr key={company.id} className="leads-table__row">
                <td className="leads-table__check">
                  <input
                    type="checkbox"
                    aria-label={t("leads.companies.select", { name: company.name })}
                    checked={selected.includes(company.id)}
                    onChange={() => toggle(company.id)}
                  />
                </td>
                <td data-label={label.name}>
                  <Link href={companyHref(company.id, listSearch)} className="leads-table__name">
                    {company.name}
                  </Link>
                  {company.isDemo && <DemoBadge />}
                  <span className="data-table__detail">
                    {[company.city, nameOf(company.country)].filter(Boolean).join(", ")}
                    {company.domain && ` · ${company.domain}`}
                  </span>
                </td>
                <td className="leads-table__industries" data-label={label.industries}>{company.industries.map((industry) => labelFor(t, "leads.industry", industry)).join(", ") || "—"}</td>
                <td className="data-table__number" data-label={label.revenue}>
                  {formatRevenue(company, language)}
                </td>
                <td className="data-table__number" data-label={label.employees}>
                  {formatCount(company.employees, language)}
                </td>
                <td className="data-table__nowrap" data-label={label.lastImport}>
                  {company.lastImportDate ? formatShipmentDate(company.lastImportDate, language) : "—"}
                </td>
                <td className="data-table__number" data-label={label.shipments}>
                  {formatCount(company.shipmentCount, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
