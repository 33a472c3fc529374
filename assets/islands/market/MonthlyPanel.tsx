import { lazy, memo } from "react";
import { ChartSlot } from "../../components/ChartSlot";
import { DataTable, type Column } from "../../components/DataTable";
import { useIntl } from "react-intl";
import { formatMonth, formatUsd } from "../../i18n/format";
import { useT } from "../../i18n/useT";
import { PanelError } from "../../components/PanelError";
import { Skeleton } from "../../shell/Skeleton";
import { useLanguage } from "../../i18n/language";
import { isFetching, useDeferredData, useMonthFigures } from "./useMarketSearch";

// chart.js is loaded only when a search has figures to draw, and the chart is near the screen.
const ShipmentChart = lazy(() => import("../../components/ShipmentChart"));

/** Value and shipments per month: a chart, and the same figures as a table for screen readers. */
export const MonthlyPanel = memo(function MonthlyPanel({ query }: { query: string }) {
  const t = useT();
  const answer = useMonthFigures(query);
  const { shown: months, pending } = useDeferredData(answer.data);
  const intl = useIntl();
  const language = useLanguage();
  let body;
  if (!months && answer.error !== undefined)
    body = <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />;
  else if (!months) body = pending || isFetching(answer) ? <Skeleton /> : null;
  else if (months.length === 0) body = <p className="table-empty">{t("market.noMatch")}</p>;
  else {
    const rows = months.map((month) => ({ ...month, label: formatMonth(month.month, language) }));
    const summary = t("market.chart.summary", {
      months: rows.length,
      first: rows[0]?.label ?? "",
      last: rows[rows.length - 1]?.label ?? "",
      value: formatUsd(
        months.reduce((sum, month) => sum + month.valueUsd, 0),
        language,
        true,
      ),
    });
    const columns: Column<(typeof rows)[number]>[] = [
      { key: "month", label: t("market.chart.month"), cell: (row) => row.label, rowHeader: true },
      { key: "value", label: t("market.chart.value"), cell: (row) => formatUsd(row.valueUsd, language, true) },
      { key: "shipments", label: t("market.chart.shipments"), cell: (row) => intl.formatNumber(row.shipments) },
    ];
    body = (
      <>
        <ChartSlot>
          <ShipmentChart
            label={summary}
            points={rows.map((row) => ({ label: row.label, value: row.valueUsd, shipments: row.shipments }))}
            valueLabel={t("market.chart.value")}
            shipmentsLabel={t("market.chart.shipments")}
            formatValue={(value) => formatUsd(value, language, true)}
            formatCount={(count) => intl.formatNumber(count)}
          />
        </ChartSlot>
        <DataTable columns={columns} rows={rows} rowKey={(row) => row.month} caption={summary} hidden />
      </>
    );
  }
  return (
    <section className="card market-panel market-panel--chart">
      <h2 className="card__title">{t("market.chart.title")}</h2>
      {body}
    </section>
  );
});
