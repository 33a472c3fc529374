import { useState } from "react";
import { useIntl } from "react-intl";
import {
  contactRequestFor,
  countryName,
  requestImporterContacts,
  useContactRequests,
  type Country,
  type Shipment,
  type ShipmentPage,
} from "../../api/market";
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

function Row({ shipment, countries }: { shipment: Shipment; countries: Country[] | undefined }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const quantity =
    shipment.quantity === null ? null : `${intl.formatNumber(shipment.quantity)} ${shipment.quantityUnit}`.trim();
  return (
    <tr>
      <td className="data-table__nowrap">{formatShipmentDate(shipment.date, language)}</td>
      <td className="data-table__nowrap">{shipment.hsCode}</td>
      <td className="market-table__party">
        {shipment.exporterName}
        <span className="data-table__detail">{countryName(countries, shipment.exporterCountry, language)}</span>
      </td>
      <td className="market-table__party">
        {shipment.importerName}
        <span className="data-table__detail">{countryName(countries, shipment.importerCountry, language)}</span>
      </td>
      <td className="market-table__shipment">
        {shipment.productDescription}
        <span className="data-table__detail">
          {[quantity, shipment.netWeightKg === null ? null : formatWeight(t, intl, shipment.netWeightKg)]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </td>
      <td className="data-table__number" data-label={t("market.table.price")}>
        {formatUsd(shipment.valueUsd, language)}
      </td>
      <td className="data-table__number" data-label={t("market.table.pricePerUnit")}>
        {formatUsd(shipment.pricePerUnit, language)}
      </td>
      <td className="data-table__action">
        <ContactButton shipment={shipment} />
      </td>
    </tr>
  );
}

interface Props {
  result: ShipmentPage | undefined;
  loading: boolean;
  countries: Country[] | undefined;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** The last shipments of the search, newest first, a page at a time. */
export function ShipmentTable({ result, loading, countries, pageSizes, onPage, onPageSize }: Props) {
  const t = useT();
  if (!result) return loading ? <Skeleton /> : null;
  if (result.total === 0) return <EmptyState title={t("market.noMatch")} hint={t("market.noMatchHint")} />;
  return (
    <>
      <div className="table-scroll" aria-busy={loading}>
        <table className="data-table market-table">
          <thead>
            <tr>
              <th scope="col">{t("market.table.date")}</th>
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
              <th scope="col" className="data-table__number">
                {t("market.table.price")}
              </th>
              <th scope="col" className="data-table__number">
                {t("market.table.pricePerUnit")}
              </th>
              <th scope="col">
                <span className="sr-only">{t("market.table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.shipments.map((shipment) => (
              <Row key={shipment.id} shipment={shipment} countries={countries} />
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
}
