import { memo, useState } from "react";
import { useIntl } from "react-intl";
import {
  contactRequestFor,
  countryName,
  requestImporterContacts,
  useContactRequests,
  type Country,
  type Shipment,
  type ShipmentPage,
  type ShipmentSort,
  type SortColumn,
} from "../../api/market";
import type { MessageKey } from "../../i18n/messages";
import { PartyButton } from "./PartyButton";
import { Pagination } from "../../components/Pagination";
import { useT } from "../../i18n/useT";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { EmptyState } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { showToast } from "../../stores/toast";
import { formatShipmentDate, formatUsd, formatWeight } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";

function ContactButton({ shipment }: { shipment: Shipment }) {
  const t = useT();
  const handleError = useApiErrorHandler();
  const { data: requests, mutate } = useContactRequests();
  const [sending, setSending] = useState(false);
  const existing = contactRequestFor(requests, shipment.importerName, shipment.importerCountry);
  const done = sending || existing !== undefined;
  const request = async () => {
    if (done) return;
    setSending(true);
    try {
      await requestImporterContacts(shipment.importerName, shipment.importerCountry);
      await mutate();
      showToast({ variant: "success", title: { id: "market.contact.sent" } });
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
    }
  };
  const label = existing
    ? t(existing.status === "sent" ? "market.contact.contactsSent" : "market.contact.requested")
    : t("market.contact.request");
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      // aria-disabled, not disabled: the button keeps the focus while its label changes.
      aria-disabled={done}
      onClick={() => void request()}
    >
      {label}{" "}
      <span className="sr-only">{t("market.contact.ofImporter", { importer: shipment.importerName })}</span>
    </button>
  );
}

function Row({ shipment, countries, onParty }: { shipment: Shipment; countries: Country[] | undefined; onParty: OpenParty }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const quantity =
    shipment.quantity === null ? null : `${intl.formatNumber(shipment.quantity)} ${shipment.quantityUnit}`.trim();
  const perUnit =
    shipment.pricePerUnit === null || !shipment.quantityUnit
      ? null
      : t("market.unit.perUnit", { price: formatUsd(shipment.pricePerUnit, language), unit: shipment.quantityUnit });
  return (
    <tr>
      <td className="data-table__nowrap">{formatShipmentDate(shipment.date, language)}</td>
      <td className="data-table__nowrap">{shipment.hsCode}</td>
      <td className="market-table__party">
        <PartyButton id={shipment.exporterId} name={shipment.exporterName} onOpen={onParty} />
        <span className="data-table__detail">{countryName(countries, shipment.exporterCountry, language)}</span>
      </td>
      <td className="market-table__party">
        <PartyButton id={shipment.importerId} name={shipment.importerName} onOpen={onParty} />
        <span className="data-table__detail">{countryName(countries, shipment.importerCountry, language)}</span>
      </td>
      <td className="market-table__shipment">
        {shipment.productDescription}
        <span className="data-table__detail">{[quantity, perUnit].filter(Boolean).join(" · ")}</span>
      </td>
      <td className="data-table__number">{formatWeight(t, intl, shipment.netWeightKg)}</td>
      <td className="data-table__number" data-label={t("market.table.price")}>
        {formatUsd(shipment.valueUsd, language)}
      </td>
      <td className="data-table__number" data-label={t("market.table.pricePerKg")}>
        {formatUsd(shipment.pricePerKg, language)}
      </td>
      <td className="data-table__action">
        <ContactButton shipment={shipment} />
      </td>
    </tr>
  );
}

type OpenParty = (partyId: number, name: string) => void;

/** The order a column header sets: a second click on the sorted column turns it round. */
export function nextSort(current: ShipmentSort, column: SortColumn): ShipmentSort {
  if (current === `-${column}`) return column;
  return `-${column}`;
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortColumn;
  label: MessageKey;
  sort: ShipmentSort;
  onSort: (sort: ShipmentSort) => void;
  className?: string;
}) {
  const t = useT();
  const direction = sort === column ? "ascending" : sort === `-${column}` ? "descending" : "none";
  return (
    <th scope="col" className={className} aria-sort={direction}>
      <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, column))}>
        {t(label)}
        <span className="sort-button__mark" aria-hidden="true">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}

interface Props {
  result: ShipmentPage | undefined;
  loading: boolean;
  countries: Country[] | undefined;
  pageSizes: readonly number[];
  sort: ShipmentSort;
  onSort: (sort: ShipmentSort) => void;
  onParty: OpenParty;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The shipments of the search, newest first or in the order of a column, a page at a time. */
export const ShipmentTable = memo(function ShipmentTable({ result, loading, countries, pageSizes, sort, onSort, onParty, onPage, onPageSize }: Props) {
  const t = useT();
  if (!result) return loading ? <Skeleton /> : null;
  if (result.total === 0) return <EmptyState title={t("market.noMatch")} hint={t("market.noMatchHint")} />;
  return (
    <>
      <div className="table-scroll" aria-busy={loading}>
        <table className="data-table market-table">
          <thead>
            <tr>
              <SortHeader column="date" label="market.table.date" sort={sort} onSort={onSort} />
              <th scope="col">{t("market.table.hsCode")}</th>
              <th scope="col" className="market-table__party">
                {t("market.table.exporter")}
              </th>
              <th scope="col" className="market-table__party">
                {t("market.table.importer")}
              </th>
              <th scope="col" className="market-table__shipment">
                {t("market.table.shipment")}
              </th>
              <SortHeader column="weight" label="market.table.weight" sort={sort} onSort={onSort} className="data-table__number" />
              <SortHeader column="value" label="market.table.price" sort={sort} onSort={onSort} className="data-table__number" />
              <SortHeader
                column="price_per_kg"
                label="market.table.pricePerKg"
                sort={sort}
                onSort={onSort}
                className="data-table__number"
              />
              <th scope="col">
                <span className="sr-only">{t("market.table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.shipments.map((shipment) => (
              <Row key={shipment.id} shipment={shipment} countries={countries} onParty={onParty} />
            ))}
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
});
