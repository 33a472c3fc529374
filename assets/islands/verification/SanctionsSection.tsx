import { useIntl } from "react-intl";
import { NO_LIST_LOADED, useSanctionsCheck, type SanctionMatch, type SanctionsSection } from "../../api/verification";
import { formatShipmentDate } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { Skeleton } from "../../shell/Skeleton";
import { DataTable, type Column } from "../../components/DataTable";
import { formatScore } from "./format";

type Outcome = "clear" | "match" | "review" | "noList" | "error";

/** What the screening concluded; an empty list store is never called clear. */
export function screeningOutcome(section: SanctionsSection): Outcome {
  if (section.state !== "success") return section.error === NO_LIST_LOADED ? "noList" : "error";
  if (section.match) return "match";
  return section.matches.some((match) => match.grade === "review") ? "review" : "clear";
}

/** Every list the screening read, with its publication date and size: what "clear" is clear of. */
function ScreenedLists({ screening }: { screening: SanctionsSection }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  const lists = screening.lists;
  if (lists.length === 0) return null;
  return (
    <div className="verification-sanctions__lists">
      <h3 className="verification-subtitle">{t("verification.sanctions.lists")}</h3>
      <ul>
        {lists.map((list) => (
          <li key={list.name}>
            {t("verification.sanctions.listLine", {
              name: list.name,
              date: list.publishedOn ? formatShipmentDate(list.publishedOn, language) : t("verification.sanctions.undated"),
              count: intl.formatNumber(list.entryCount),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Evidence({ screening }: { screening: SanctionsSection }) {
  const t = useT();
  const language = useLanguage();
  const matches = screening.matches;
  const columns: Column<SanctionMatch>[] = [
    {
      key: "name",
      label: t("verification.sanctions.name"),
      cell: (match) => (
        <>
          {match.name}
          {match.matchedName && match.matchedName !== match.name && (
            <span className="data-table__detail">{t("verification.sanctions.matchedAs", { name: match.matchedName })}</span>
          )}
        </>
      ),
    },
    {
      key: "score",
      label: t("verification.sanctions.score"),
      numeric: true,
      cell: (match) => (
        <>
          {formatScore(match.score)}
          {match.grade === "review" ? (
            <span className="data-table__detail">{t("verification.sanctions.possible")}</span>
          ) : (
            match.aboveThreshold && <span className="data-table__detail">{t("verification.sanctions.aboveThreshold")}</span>
          )}
        </>
      ),
    },
    { key: "list", label: t("verification.sanctions.list"), cell: (match) => match.list },
    { key: "programme", label: t("verification.sanctions.programme"), cell: (match) => match.programme || "—" },
    {
      key: "date",
      label: t("verification.sanctions.listDate"),
      cell: (match) => (match.listDate ? formatShipmentDate(match.listDate, language) : "—"),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={matches}
      rowKey={(match) => `${match.list}-${match.name}`}
      caption={t("verification.sanctions.evidence")}
      rowClass={(match) => (match.aboveThreshold ? "verification-sanctions__above" : undefined)}
    />
  );
}

const OUTCOME_TEXTS = {
  clear: "verification.sanctions.clear",
  match: "verification.sanctions.match",
  review: "verification.sanctions.review",
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
        {screening.threshold !== null && (
          <p className="muted">
            {t("verification.sanctions.threshold", { threshold: formatScore(screening.threshold) })}
          </p>
        )}
        <Evidence screening={screening} />
        <ScreenedLists screening={screening} />
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
