import { lazy, Suspense } from "react";
import { useIntl } from "react-intl";
import type { CompanyDetail, TradeSummary } from "../../api/leads";
import { filterQuery, toInputDate, emptyFilters } from "../../api/market";
import { formatMonth, formatShipmentDate } from "../../i18n/format";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";
import { DataTable, type Column } from "../../components/DataTable";
import { formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useCountries } from "./format";

// chart.js is loaded only when a company has shipments to draw.
const ShipmentChart = lazy(() => import("../../components/ShipmentChart"));

/** The same importer in market insights, over its whole trade history, with the list's product,
 * its trade profile open. */
export function marketHref(company: CompanyDetail, product: string): string {
  const trade = company.trade;
  const first = trade?.monthly[0]?.month;
  const last = trade?.lastShipmentDate;
  const period = {
    ...(first ? { startDate: toInputDate(new Date(`${first}-01T00:00:00Z`)) } : {}),
    ...(last ? { endDate: toInputDate(new Date(`${last.slice(0, 10)}T00:00:00Z`)) } : {}),
  };
  const query = filterQuery({
    ...emptyFilters(),
    ...period,
    productDetails: product,
    importerName: company.name,
    importerCountry: company.country,
  });
  const party = company.tradePartyId ? `&party=${company.tradePartyId}` : "";
  return `/market-insights?${query}${party}`;
}

function Totals({ trade }: { trade: TradeSummary }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  return (
    <dl className="leads-facts">
      <div>
        <dt>{t("leads.trade.shipments")}</dt>
        <dd>{intl.formatNumber(trade.shipments)}</dd>
      </div>
      <div>
        <dt>{t("leads.trade.value")}</dt>
        <dd>{formatUsd(trade.valueUsd, language, true)}</dd>
      </div>
      <div>
        <dt>{t("leads.trade.lastShipment")}</dt>
        <dd>{trade.lastShipmentDate ? formatShipmentDate(trade.lastShipmentDate, language) : "—"}</dd>
      </div>
    </dl>
  );
}

interface FigureListProps {
  title: string;
  column: string;
  rows: { key: string; label: string; shipments: number; valueUsd: number }[];
}

function FigureList({ title, column, rows }: FigureListProps) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const columns: Column<FigureListProps["rows"][number]>[] = [
    { key: "label", label: column, cell: (row) => row.label },
    { key: "shipments", label: t("leads.trade.shipments"), cell: (row) => intl.formatNumber(row.shipments), numeric: true },
    { key: "value", label: t("leads.trade.value"), cell: (row) => formatUsd(row.valueUsd, language, true), numeric: true },
  ];
  return (
    <div className="leads-figures">
      <h3 className="leads-figures__title">{title}</h3>
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.key} empty="—" stack className="leads-figures__table" />
    </div>
  );
}

/** What the company's shipments prove: month by month, its products and its suppliers' countries. */
export function TradeHistory({ company, product }: { company: CompanyDetail; product: string }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const { nameOf } = useCountries();
  const trade = company.trade;
  const points = (trade?.monthly ?? []).map((month) => ({
    label: formatMonth(month.month, language),
    value: month.valueUsd,
    shipments: month.shipments,
  }));
  return (
    <section className="card leads-panel" aria-labelledby="leads-trade-title">
      <div className="panel-head">
        <h2 id="leads-trade-title" className="card__title">
          {t("leads.trade.title")}
        </h2>
        <a className="button button--secondary button--small" href={marketHref(company, product)}>
          {t("leads.trade.market")}
        </a>
      </div>
      {!trade || trade.shipments === 0 ? (
        <p className="table-empty">{t("leads.trade.none")}</p>
      ) : (
        <>
          <Totals trade={trade} />
          {points.length > 0 && (
            <Suspense fallback={<Skeleton />}>
              <ShipmentChart
                label={t("leads.trade.chart", { name: company.name, months: points.length })}
                points={points}
                valueLabel={t("market.chart.value")}
                shipmentsLabel={t("market.chart.shipments")}
                formatValue={(value) => formatUsd(value, language, true)}
                formatCount={(count) => intl.formatNumber(count)}
              />
            </Suspense>
          )}
          <div className="leads-trade__lists">
            <FigureList
              title={t("leads.trade.products")}
              column={t("market.table.hsCode")}
              rows={trade.topProducts.map((row) => ({ key: row.hsCode, label: row.hsCode, ...row }))}
            />
            <FigureList
              title={t("leads.trade.partners")}
              column={t("leads.people.country")}
              rows={trade.partnerCountries.map((row) => ({ key: row.country, label: nameOf(row.country), ...row }))}
            />
            <FigureList
              title={t("leads.trade.years")}
              column={t("leads.trade.year")}
              rows={trade.valuePerYear.map((row) => ({ key: String(row.year), label: String(row.year), ...row }))}
            />
          </div>
        </>
      )}
    </section>
  );
}
