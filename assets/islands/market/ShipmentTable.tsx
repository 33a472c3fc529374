import { memo, useState } from "react";
import { useIntl } from "react-intl";
import {
  contactRequestFor,
  countryName,
  requestImporterContacts,
  useContactRequests,
  DEFAULT_SORT,
  isShipmentSort,
  type Country,
  type Shipment,
  type ShipmentPage,
  type ShipmentSort,
  type SortColumn,
} from "../../api/market";
import { DataTable, nextOrder, type Column, type SortOrder } from "../../components/DataTable";
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

type OpenParty = (partyId: number, name: string) => void;

function Party({ id, name, country, countries, onParty }: { id: number; name: string; country: string; countries: Country[] | undefined; onParty: OpenParty }) {
  const language = useLanguage();
  return (
    <>
      <PartyButton id={id} name={name} onOpen={onParty} />
      <span className="data-table__detail">{countryName(countries, country, language)}</span>
    </>
  );
}

function Goods({ shipment }: { shipment: Shipment }) {
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
    <>
      {shipment.productDescription}
      <span className="data-table__detail">{[quantity, perUnit].filter(Boolean).join(" · ")}</span>
    </>
  );
}

/** The table's order as the API spells it ("-value") and as a column's heading shows it. */
function orderOf(sort: ShipmentSort): SortOrder {
  return sort.startsWith("-") ? { key: sort.slice(1), direction: "descending" } : { key: sort, direction: "ascending" };
}

function sortOf(order: SortOrder): ShipmentSort {
  const sort = order.direction === "descending" ? `-${order.key}` : order.key;
  return isShipmentSort(sort) ? sort : DEFAULT_SORT;
}

/** The order a column header sets: a second click on the sorted column turns it round. */
export function nextSort(current: ShipmentSort, column: SortColumn): ShipmentSort {
  return sortOf(nextOrder(orderOf(current), column));
}

function useColumns(countries: Country[] | undefined, onParty: OpenParty): Column<Shipment>[] {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  return [
    { key: "date", label: t("market.table.date"), cell: (row) => formatShipmentDate(row.date, language), nowrap: true, sortable: true },
    { key: "hs_code", label: t("market.table.hsCode"), cell: (row) => row.hsCode, nowrap: true },
    {
      key: "exporter",
      label: t("market.table.exporter"),
      className: "market-table__party",
      cell: (row) => <Party id={row.exporterId} name={row.exporterName} country={row.exporterCountry} countries={countries} onParty={onParty} />,
    },
    {
      key: "importer",
      label: t("market.table.importer"),
      className: "market-table__party",
      cell: (row) => <Party id={row.importerId} name={row.importerName} country={row.importerCountry} countries={countries} onParty={onParty} />,
    },
    { key: "shipment", label: t("market.table.shipment"), className: "market-table__shipment", cell: (row) => <Goods shipment={row} /> },
    { key: "weight", label: t("market.table.weight"), cell: (row) => formatWeight(t, intl, row.netWeightKg), numeric: true, sortable: true },
    // A phone's card shows the two prices at its top right, each under its heading.
    { key: "value", label: t("market.table.price"), cell: (row) => formatUsd(row.valueUsd, language), numeric: true, sortable: true, cardLabel: true },
    {
      key: "price_per_kg",
      label: t("market.table.pricePerKg"),
      cell: (row) => formatUsd(row.pricePerKg, language),
      numeric: true,
      sortable: true,
      cardLabel: true,
    },
    { key: "actions", label: t("market.table.actions"), cell: (row) => <ContactButton shipment={row} />, action: true },
  ];
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
  const columns = useColumns(countries, onParty);
  if (!result) return loading ? <Skeleton /> : null;
  if (result.total === 0) return <EmptyState title={t("market.noMatch")} hint={t("market.noMatchHint")} />;
  return (
    <>
      <DataTable
        columns={columns}
        rows={result.shipments}
        rowKey={(shipment) => shipment.id}
        className="market-table"
        sort={orderOf(sort)}
        onSort={(order) => onSort(sortOf(order))}
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
});
