import { lazy, memo, useId, useState } from "react";
import { ChartSlot } from "../../components/ChartSlot";
import { DataTable, type Column } from "../../components/DataTable";
import { useIntl } from "react-intl";
import useSWR from "swr";
import {
  UNIT_PRICES_PATH,
  countryName,
  type Country,
  type PriceFigures,
  type PriceGrouping,
  type UnitPrices,
} from "../../api/market";
import { fetchData } from "../../api/swr";
import { formatMonth, formatUsd, formatWeight } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { PanelError } from "../../components/PanelError";
import { Skeleton } from "../../shell/Skeleton";
import { useDeferredData } from "./useMarketSearch";

// chart.js is loaded only when a search has prices to draw, and the chart is near the screen.
const PriceChart = lazy(() => import("../../components/PriceChart"));

type MonthPrices = UnitPrices["months"][number];
type GroupPrices = UnitPrices["groups"][number];

const GROUPINGS: [PriceGrouping, MessageKey][] = [
  ["", "market.prices.all"],
  ["origin", "market.prices.origin"],
  ["destination", "market.prices.destination"],
];

interface Props {
  query: string;
  countries: Country[] | undefined;
}

/** Unit price per kg of net weight (USD/kg) over the search's months: the 25th percentile,
 * median and 75th percentile of the shipments' prices, and by origin or destination. */
export const PricePanel = memo(function PricePanel({ query, countries }: Props) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const id = useId();
  const [by, setBy] = useState<PriceGrouping>("");
  const key = `${UNIT_PRICES_PATH}?${query}${by ? `&by=${by}` : ""}`;
  const answer = useSWR<UnitPrices, unknown>(key, fetchData<UnitPrices>, { keepPreviousData: true });
  const { shown: data, pending } = useDeferredData(answer.data);
  const perKg = (value: number | null) => (value === null ? "—" : t("market.unit.perKg", { price: formatUsd(value, language) }));
  // Percentiles estimated from the shipments per step of price are marked as such.
  const estimated = data?.approximate === true;
  const percentile = (value: number | null) => (estimated && value !== null ? t("market.prices.about", { value: perKg(value) }) : perKg(value));
  // The groups' figures sort by a click on their heading; the months keep their order.
  const quartileColumns = <Row extends PriceFigures>(sortable: boolean): Column<Row>[] => {
    const figure = (key: keyof PriceFigures, label: MessageKey, text: (row: Row) => string): Column<Row> => ({
      key,
      label: t(label),
      cell: text,
      numeric: true,
      sortValue: sortable ? (row) => row[key] : undefined,
    });
    return [
      figure("p25", "market.prices.p25", (row) => percentile(row.p25)),
      figure("median", "market.prices.median", (row) => percentile(row.median)),
      figure("p75", "market.prices.p75", (row) => percentile(row.p75)),
      figure("average", "market.prices.average", (row) => perKg(row.average)),
      figure("pricedShipments", "market.prices.shipments", (row) => intl.formatNumber(row.pricedShipments)),
      figure("netWeightKg", "market.prices.weight", (row) => formatWeight(t, intl, row.netWeightKg)),
    ];
  };

  let body;
  // The panel keeps the last answer while the next loads: a failure shows instead of it.
  if (answer.error !== undefined)
    body = <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />;
  else if (!data) body = pending || answer.isLoading ? <Skeleton /> : null;
  else if (data.months.length === 0) body = <p className="table-empty">{t("market.prices.none")}</p>;
  else {
    const months = data.months.map((row) => row.month);
    const labels = months.map((month) => formatMonth(month, language));
    const summary = t("market.prices.summary", { first: labels[0] ?? "", last: labels[labels.length - 1] ?? "" });
    const groups = data.groups.map((group) => {
      const byMonth = new Map(group.months.map((row) => [row.month, row.median]));
      return { label: countryName(countries, group.country, language), values: months.map((month) => byMonth.get(month) ?? null) };
    });
    body = (
      <>
        <ChartSlot>
          <PriceChart
            label={summary}
            labels={labels}
            p25={data.months.map((row) => row.p25)}
            median={data.months.map((row) => row.median)}
            p75={data.months.map((row) => row.p75)}
            names={{ p25: t("market.prices.p25"), median: t("market.prices.median"), p75: t("market.prices.p75") }}
            groups={groups}
            formatPrice={(value) => perKg(value)}
          />
        </ChartSlot>
        <DataTable
          columns={[{ key: "month", label: t("market.chart.month"), cell: (row) => formatMonth(row.month, language), rowHeader: true }, ...quartileColumns<MonthPrices>(false)]}
          rows={data.months}
          rowKey={(row) => row.month}
          caption={summary}
          hidden
        />
        {data.groups.length > 0 && (
          <DataTable
            columns={[
              {
                key: "country",
                label: t(by === "origin" ? "market.prices.origin" : "market.prices.destination"),
                cell: (row) => countryName(countries, row.country, language),
                rowHeader: true,
              },
              ...quartileColumns<GroupPrices>(true),
            ]}
            rows={data.groups}
            rowKey={(row) => row.country}
            className="market-table"
            caption={t(by === "origin" ? "market.prices.byOrigin" : "market.prices.byDestination")}
          />
        )}
      </>
    );
  }

  return (
    <section className="card market-panel market-panel--chart">
      <div className="panel-head">
        <h2 className="card__title">{t("market.prices.title")}</h2>
        <label htmlFor={id} className="panel-head__control">
          {t("market.prices.group")}
          <select id={id} className="select" value={by} onChange={(event) => setBy(event.target.value as PriceGrouping)}>
            {GROUPINGS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="market-panel__hint">{t("market.prices.hint")}</p>
      {estimated && data.relativeError !== null && (
        <p className="market-panel__hint">
          {t("market.prices.estimate", { error: intl.formatNumber(data.relativeError, { style: "percent", maximumFractionDigits: 1 }) })}
        </p>
      )}
      {body}
    </section>
  );
});
