import { NO_LIST_LOADED, useSanctionsCheck, type SanctionsScreening, type Section } from "../../api/verification";
import { formatShipmentDate } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";
import { formatScore } from "./format";

type Outcome = "clear" | "match" | "noList" | "error";

/** What the screening concluded; an empty list store is never called clear. */
export function screeningOutcome(section: Section<SanctionsScreening>): Outcome {
  if (section.state !== "success") return section.error === NO_LIST_LOADED ? "noList" : "error";
  return section.match ? "match" : "clear";
}

function Evidence({ screening }: { screening: Section<SanctionsScreening> }) {
  const t = useT();
  const language = useLanguage();
  const matches = screening.matches ?? [];
  if (matches.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="sr-only">{t("verification.sanctions.evidence")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("verification.sanctions.name")}</th>
            <th scope="col" className="data-table__number">
              {t("verification.sanctions.score")}
            </th>
            <th scope="col">{t("verification.sanctions.list")}</th>
            <th scope="col">{t("verification.sanctions.programme")}</th>
            <th scope="col">{t("verification.sanctions.listDate")}</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((match) => (
            <tr key={`${match.list}-${match.name}`} data-above={match.aboveThreshold || undefined}>
              <td>
                {match.name}
                {match.matchedName && match.matchedName !== match.name && (
                  <span className="data-table__detail">{t("verification.sanctions.matchedAs", { name: match.matchedName })}</span>
                )}
              </td>
              <td className="data-table__number">
                {formatScore(match.score)}
                {match.aboveThreshold && <span className="data-table__detail">{t("verification.sanctions.aboveThreshold")}</span>}
              </td>
              <td>{match.list}</td>
              <td>{match.programme || "—"}</td>
              <td>{match.listDate ? formatShipmentDate(match.listDate, language) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const OUTCOME_TEXTS = {
  clear: "verification.sanctions.clear",
  match: "verification.sanctions.match",
  noList: "verification.sanctions.noList",
  error: "verification.sanctions.error",
} as const;

/** The sanctions screening with its evidence: the closest names, their score, list and programme. */
export function SanctionsSection({ companyId }: { companyId: number }) {
  const t = useT();
  const { data: screening, error } = useSanctionsCheck(companyId);
  let body;
  if (!screening) body = error ? <p className="muted">{t("error.generic")}</p> : <Skeleton />;
  else {
    const outcome = screeningOutcome(screening);
    body = (
      <>
        <p className="verification-sanctions__status" data-status={outcome}>
          {t(OUTCOME_TEXTS[outcome], { reason: screening.error ?? "" })}
        </p>
        {screening.threshold !== undefined && (
          <p className="muted">
            {t("verification.sanctions.threshold", { threshold: formatScore(screening.threshold) })}
          </p>
        )}
        <Evidence screening={screening} />
      </>
    );
  }
  return (
    <section className="card verification-panel" aria-labelledby="verification-sanctions-title">
      <h2 id="verification-sanctions-title" className="card__title">
        {t("verification.sanctions.title")}
      </h2>
      {body}
    </section>
  );
}
