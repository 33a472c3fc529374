import { countryName, useContactRequests, useMarketMeta, type ContactRequest } from "../../api/market";
import { formatDate } from "../../i18n/format";
import { useLanguageStore } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";

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
  const label = {
    importer: t("contacts.importer"),
    country: t("contacts.country"),
    requestedOn: t("contacts.requestedOn"),
    state: t("contacts.state"),
  };
  let content;
  if (error) content = <p className="muted">{t("contacts.unavailable")}</p>;
  else if (!requests) content = <Skeleton />;
  else if (requests.length === 0) content = <p className="table-empty">{t("contacts.empty")}</p>;
  else
    content = (
      <div className="table-scroll">
        <table className="data-table data-table--stack">
          <thead>
            <tr>
              <th scope="col">{label.importer}</th>
              <th scope="col">{label.country}</th>
              <th scope="col">{label.requestedOn}</th>
              <th scope="col">{label.state}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id}>
                <td data-label={label.importer}>{request.importerName}</td>
                <td data-label={label.country}>
                  {request.importerCountry ? countryName(meta?.countries, request.importerCountry, language) : ""}
                </td>
                <td data-label={label.requestedOn}>{formatDate(request.createdAt, language)}</td>
                <td data-label={label.state}>
                  <State request={request} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="card">
      <h2 className="card__title">{t("contacts.title")}</h2>
      {content}
    </section>
  );
}
