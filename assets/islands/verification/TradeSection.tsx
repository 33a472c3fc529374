import { lazy, Suspense, useState } from "react";
import { useIntl } from "react-intl";
import { useTradeData, type TradeRecord } from "../../api/verification";
import { formatMonth, formatShipmentDate, formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";
import { DataTable, type Column } from "../../components/DataTable";
import { countryLabel } from "./format";

// chart.js is loaded only when there are shipments to draw.
const ShipmentChart = lazy(() => import("../../components/ShipmentChart"));

/** How many of the latest orders a history shows before "Show all". */
const FIRST_ROWS = 10;

function History({ title, records }: { title: string; records: TradeRecord[] }) {
  const t = useT();
  const language = useLanguage();
  const [all, setAll] = useState(false);
  const shown = all ? records : records.slice(0, FIRST_ROWS);
  const columns: Column<TradeRecord>[] = [
    { key: "date", label: t("verification.trade.date"), cell: (record) => formatShipmentDate(record.date, language) },
    {
      key: "product",
      label: t("verification.trade.product"),
      cell: (record) => (
        <>
          {record.product}
          <span className="data-table__detail">HS {record.hsCode}</span>
        </>
      ),
    },
    {
      key: "countries",
      label: t("verification.trade.countries"),
      cell: (record) => `${countryLabel(record.exporterCountry, language)} → ${countryLabel(record.importerCountry, language)}`,
    },
    {
      key: "value",
      label: t("verification.trade.orderValue"),
      cell: (record) => formatUsd(record.orderValueUsd, language, true),
      numeric: true,
    },
  ];
  return (
    <div>
      <h3 className="verification-subtitle">{title}</h3>
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(record, index) => `${record.date}-${record.hsCode}-${index}`}
        empty={t("verification.trade.noRecords")}
      />
      {shown.length < records.length && (
        <button type="button" className="button button--ghost button--small" onClick={() => setAll(true)}>
          {t("verification.trade.showAll", { count: records.length })}
        </button>
      )}
    </div>
  );
}

/** The trade data check's evidence: the company's shipments month by month, and its orders. */
export function TradeSection({ companyId, name }: { companyId: number; name: string }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const { data: trade, error } = useTradeData(companyId);
  let body;
  if (!trade) body = error ? <p className="muted">{t("error.generic")}</p> : <Skeleton />;
  else if (trade.state !== "success") body = <p className="form-alert">{trade.error ?? t("verification.state.error")}</p>;
  else {
    const points = trade.monthly.map((month) => ({
      label: formatMonth(month.month, language),
      value: month.valueUsd,
      shipments: month.shipments,
    }));
    body = (
      <>
        {points.length === 0 ? (
          <p className="table-empty">{t("verification.trade.none")}</p>
        ) : (
          <Suspense fallback={<Skeleton />}>
            <ShipmentChart
              label={t("verification.trade.chart", { name, months: points.length })}
              points={points}
              valueLabel={t("market.chart.value")}
              shipmentsLabel={t("market.chart.shipments")}
              formatValue={(value) => formatUsd(value, language, true)}
              formatCount={(count) => intl.formatNumber(count)}
            />
          </Suspense>
        )}
        <div className="verification-columns">
          <History title={t("verification.trade.imports")} records={trade.importHistory} />
          <History title={t("verification.trade.exports")} records={trade.exportHistory} />
        </div>
      </>
    );
  }
  return (
    <section className="card verification-panel" aria-labelledby="verification-trade-title">
      <h2 id="verification-trade-title" className="card__title">
        {t("verification.trade.title")}
      </h2>
      {body}
    </section>
  );
}
