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
  let content;
  if (error) content = <p className="muted">{t("contacts.unavailable")}</p>;
  else if (!requests) content = <Skeleton />;
  else if (requests.length === 0) content = <p className="table-empty">{t("contacts.empty")}</p>;
  else
    content = (
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("contacts.importer")}</th>
              <th scope="col">{t("contacts.country")}</th>
              <th scope="col">{t("contacts.requestedOn")}</th>
              <th scope="col">{t("contacts.state")}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id}>
                <td>{request.importerName}</td>
                <td>{request.importerCountry ? countryName(meta?.countries, request.importerCountry, language) : ""}</td>
                <td>{formatDate(request.createdAt, language)}</td>
                <td>
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
