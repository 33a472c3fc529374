import { memo } from "react";
import type { Country, ShipmentSort } from "../../api/market";
import { useT } from "../../i18n/useT";
import { PanelError } from "../../components/PanelError";
import { Downloads } from "./Downloads";
import { ShipmentTable } from "./ShipmentTable";
import { isFetching, useDeferredData, useShipmentPage } from "./useMarketSearch";

interface Props {
  query: string;
  page: number;
  pageSize: number;
  sort: ShipmentSort;
  countries: Country[] | undefined;
  pageSizes: readonly number[];
  onSort: (sort: ShipmentSort) => void;
  onParty: (partyId: number, name: string) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The search's shipments: the table, its downloads and a refresh. */
export const ShipmentsPanel = memo(function ShipmentsPanel({ query, page, pageSize, sort, ...table }: Props) {
  const t = useT();
  const answer = useShipmentPage(query, page, pageSize, sort);
  const { shown, pending } = useDeferredData(answer.data);
  return (
    <section className="card market-panel">
      <div className="panel-head">
        <h2 className="card__title">{t("market.table.title")}</h2>
        <Downloads query={query} />
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={answer.isValidating}
          onClick={() => void answer.mutate()}
        >
          {t("market.table.refresh")}
        </button>
      </div>
      {/* The table keeps the last page while the next loads: a failure shows instead of it. */}
      {answer.error !== undefined ? (
        <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />
      ) : (
        <ShipmentTable result={shown} loading={pending || isFetching(answer)} sort={sort} {...table} />
      )}
    </section>
  );
});
