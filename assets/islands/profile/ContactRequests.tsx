import { DataTable, type Column } from "../../components/DataTable";
import { countryName, useContactRequests, useMarketMeta, type ContactRequest } from "../../api/market";
import { formatDate } from "../../i18n/format";
import { useLanguageStore } from "../../i18n/language";
import { useT } from "../../i18n/useT";

function State({ request }: { request: ContactRequest }) {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  if (request.status === "sent" && request.sentAt) {
    return <span className="status-badge status-badge--active">{t("contacts.state.sent", { date: formatDate(request.sentAt, language) })}</span>;
  }
  return <span className="status-badge status-badge--pending">{t("contacts.state.pending")}</span>;
}

/** The importers whose contacts the user asked for in Market Insight, and where each request stands. */
export function ContactRequests() {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const { data: requests, error } = useContactRequests();
  const { data: meta } = useMarketMeta();
  const columns: Column<ContactRequest>[] = [
    { key: "importer", label: t("contacts.importer"), cell: (request) => request.importerName },
    {
      key: "country",
      label: t("contacts.country"),
      cell: (request) => (request.importerCountry ? countryName(meta?.countries, request.importerCountry, language) : ""),
    },
    { key: "requested", label: t("contacts.requestedOn"), cell: (request) => formatDate(request.createdAt, language) },
    { key: "state", label: t("contacts.state"), cell: (request) => <State request={request} /> },
  ];
  const content = error ? (
    <p className="muted">{t("contacts.unavailable")}</p>
  ) : (
    <DataTable columns={columns} rows={requests} rowKey={(request) => request.id} empty={t("contacts.empty")} stack />
  );
  return (
    <section className="card">
      <h2 className="card__title">{t("contacts.title")}</h2>
      {content}
    </section>
  );
}
