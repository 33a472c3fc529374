import { memo, useEffect, useId, useState } from "react";
import { useIntl } from "react-intl";
import useSWR from "swr";
import {
  RANKINGS_PATH,
  countryName,
  fetchPage,
  type Country,
  type Page,
  type Ranking,
  type RankingMeasure,
  type RankingSide,
} from "../../api/market";
import { DataTable, type Column } from "../../components/DataTable";
import { Pagination } from "../../components/Pagination";
import { formatShipmentDate, formatUsd, formatWeight } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { PanelError } from "../../components/PanelError";
import { Skeleton } from "../../shell/Skeleton";
import { useDeferredData } from "./useMarketSearch";
import { PartyButton } from "./PartyButton";

const SIDES: [RankingSide, MessageKey][] = [
  ["importer", "market.rankings.importers"],
  ["exporter", "market.rankings.exporters"],
];

const MEASURES: [RankingMeasure, MessageKey][] = [
  ["value", "market.rankings.byValue"],
  ["weight", "market.rankings.byWeight"],
  ["shipments", "market.rankings.byShipments"],
];

interface Props {
  /** The search's query string; the panel adds its side, measure and page. */
  query: string;
  countries: Country[] | undefined;
  pageSizes: readonly number[];
  /** Whether the data reaches back into the previous period: if not, nobody is "new". */
  previousInData?: boolean;
  onParty: (partyId: number, name: string) => void;
}

/** The search's importers or exporters ranked by value, weight or shipments, with each one's
 * share of the total and its change against the previous period of equal length. */
export const RankingsPanel = memo(function RankingsPanel({ query, countries, pageSizes, previousInData = true, onParty }: Props) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const measureId = useId();
  const [side, setSide] = useState<RankingSide>("importer");
  const [by, setBy] = useState<RankingMeasure>("value");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  useEffect(() => setPage(1), [query]);
  const key = `${RANKINGS_PATH}?${query}&side=${side}&by=${by}&page=${page}&page_size=${pageSize}`;
  const answer = useSWR<Page<Ranking>, unknown>(key, fetchPage<Ranking>, { keepPreviousData: true });
  const { shown: data, pending } = useDeferredData(answer.data);

  const measure = (value: number) =>
    by === "value" ? formatUsd(value, language, true) : by === "weight" ? formatWeight(t, intl, value) : intl.formatNumber(value);
  const current = (row: Ranking) => (by === "value" ? row.valueUsd : by === "weight" ? row.netWeightKg : row.shipments);
  const percent = (fraction: number | null) =>
    fraction === null ? "—" : intl.formatNumber(fraction, { style: "percent", maximumFractionDigits: 1 });
  const change = (row: Ranking) => {
    if (row.growth === null) return row.previous === 0 && previousInData ? t("market.rankings.new") : "—";
    const text = percent(row.growth);
    return row.growth > 0 ? `+${text}` : text;
  };
  const measureLabel = MEASURES.find(([value]) => value === by)?.[1] ?? "market.rankings.byValue";
  const columns: Column<Ranking>[] = [
    { key: "rank", label: t("market.rankings.rank"), cell: (row) => intl.formatNumber(row.rank), numeric: true },
    {
      key: "name",
      label: t("market.rankings.name"),
      className: "market-table__party",
      cell: (row) => (
        <>
          <PartyButton id={row.partyId} name={row.name} onOpen={onParty} />
          <span className="data-table__detail">{countryName(countries, row.country, language)}</span>
        </>
      ),
    },
    { key: "measure", label: t(measureLabel), cell: (row) => measure(current(row)), numeric: true },
    { key: "share", label: t("market.rankings.share"), cell: (row) => percent(row.share), numeric: true },
    { key: "growth", label: t("market.rankings.growth"), cell: change, numeric: true },
    { key: "last", label: t("market.rankings.lastShipment"), cell: (row) => formatShipmentDate(row.lastDate, language), nowrap: true },
  ];

  let body;
  // The panel keeps the last answer while the next loads: a failure shows instead of it.
  if (answer.error !== undefined)
    body = <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />;
  else if (!data) body = pending || answer.isLoading ? <Skeleton /> : null;
  else if (data.total === 0) body = <p className="table-empty">{t("market.noMatch")}</p>;
  else
    body = (
      <>
        <DataTable
          columns={columns}
          rows={data.items}
          rowKey={(row) => row.partyId}
          className="market-table"
          caption={t("market.rankings.caption", {
            side: t(side === "importer" ? "market.rankings.importers" : "market.rankings.exporters"),
            measure: t(measureLabel),
          })}
        />
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          pageSizes={pageSizes}
          label={t("market.rankings.pages")}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </>
    );

  return (
    <section className="card market-panel" aria-labelledby={`${measureId}-title`}>
      <div className="panel-head">
        <h2 id={`${measureId}-title`} className="card__title">
          {t("market.rankings.title")}
        </h2>
        <div className="segmented" role="group" aria-label={t("market.rankings.side")}>
          {SIDES.map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="button button--secondary button--small"
              aria-pressed={side === value}
              onClick={() => {
                setSide(value);
                setPage(1);
              }}
            >
              {t(label)}
            </button>
          ))}
        </div>
        <label htmlFor={measureId} className="panel-head__control">
          {t("market.rankings.by")}
          <select
            id={measureId}
            className="select"
            value={by}
            onChange={(event) => {
              setBy(event.target.value as RankingMeasure);
              setPage(1);
            }}
          >
            {MEASURES.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="market-panel__hint">{t("market.rankings.hint")}</p>
      {body}
    </section>
  );
});
