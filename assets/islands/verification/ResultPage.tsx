import { ApiError } from "../../api/client";
import {
  RECOMMENDATION_LEVELS,
  useVerificationCompany,
  useVerificationResult,
  type Criterion,
  type PlaceInfo,
  type Recommendation,
  type RecommendationTopic,
  type VerificationResult,
  type VerificationStatus,
  type WebsiteStatus,
} from "../../api/verification";
import { formatDateTime, formatShipmentDate, formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { isMessageKey, type Language, type MessageKey } from "../../i18n/messages";
import { useT, type Translate } from "../../i18n/useT";
import { EmptyState, PageHeader } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { CHECK_LABELS, isCheckName, STATE_LABELS } from "./checks";
import { countryLabel, formatAge } from "./format";
import { AdvancedReportForm, CustomReportForm } from "./ReportForms";
import { SanctionsSection } from "./SanctionsSection";
import { TradeSection } from "./TradeSection";

type Fact = [label: string, value: string];

function Facts({ facts, label }: { facts: Fact[]; label?: string }) {
  return (
    <dl className="verification-facts" aria-label={label}>
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_TEXTS: Record<VerificationStatus, MessageKey> = {
  verified: "verification.status.verified",
  partially_verified: "verification.status.partial",
  insufficient_data: "verification.result.insufficient",
};

function websiteStatusText(t: Translate, status: WebsiteStatus | null): string {
  if (!status) return "";
  if ("error" in status) return status.error;
  return t(status.tls ? "verification.website.statusTls" : "verification.website.statusNoTls", { code: status.statusCode });
}

function Summary({ result }: { result: VerificationResult }) {
  const t = useT();
  const language = useLanguage();
  const detail = result.detail;
  const last = detail.lastTransaction;
  const facts: Fact[] = [
    [t("verification.field.status"), t(STATUS_TEXTS[result.status])],
    [t("verification.field.companyName"), result.companyName],
    [t("verification.field.industry"), result.industry],
    [t("verification.field.website"), result.website],
    [t("verification.field.country"), countryLabel(result.country, language)],
    [t("verification.field.phone"), detail.phone ?? ""],
    [t("verification.field.email"), detail.email ?? ""],
    [t("verification.field.employees"), detail.employees === null ? "" : String(detail.employees)],
    [t("verification.field.foundedYear"), detail.foundedYear === null ? "" : String(detail.foundedYear)],
    [t("verification.field.websiteStatus"), websiteStatusText(t, detail.websiteStatus)],
    [t("verification.field.domain"), detail.domain],
    [t("verification.field.domainAge"), formatAge(t, detail.domainAgeDays)],
    [t("verification.field.domainExpires"), detail.domainExpiresAt ? formatShipmentDate(detail.domainExpiresAt, language) : ""],
    [t("verification.field.lastSanction"), detail.lastSanction ? formatShipmentDate(detail.lastSanction, language) : ""],
    [t("verification.field.averageImportOrderValue"), formatUsd(detail.averageImportOrderValue, language, true)],
    [
      t("verification.field.lastTransaction"),
      last ? `${formatShipmentDate(last.date, language)} · ${last.product} · ${formatUsd(last.orderValueUsd, language, true)}` : "",
    ],
    [t("verification.field.verifiedAt"), detail.verifiedAt ? formatDateTime(detail.verifiedAt, language) : ""],
    [t("verification.field.creditsUsed"), String(detail.creditsUsed)],
  ];
  return (
    <section className="card verification-panel" aria-labelledby="verification-summary-title">
      <h2 id="verification-summary-title" className="card__title">
        {t("verification.result.summary")}
      </h2>
      <Facts facts={facts} />
    </section>
  );
}

function Place({ place }: { place: PlaceInfo | null }) {
  const t = useT();
  return (
    <section className="card verification-panel" aria-labelledby="verification-place-title">
      <h2 id="verification-place-title" className="card__title">
        {t("verification.place.title")}
      </h2>
      {place?.status === "found" ? (
        <Facts
          facts={[
            [t("verification.place.placeName"), place.placeName],
            [t("verification.place.address"), place.address],
            [t("verification.place.businessStatus"), place.businessStatus],
            [t("verification.place.rating"), place.rating === null ? "" : String(place.rating)],
            [t("verification.place.placeType"), place.placeType],
            [t("verification.place.openingHours"), place.openingHours.join("; ")],
          ]}
        />
      ) : (
        <p className="muted">{place?.status === "not found" ? t("verification.place.notFound") : t("verification.place.none")}</p>
      )}
    </section>
  );
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

function Criteria({ criteria }: { criteria: Criterion[] }) {
  const t = useT();
  const stateText = (criterion: Criterion): string => {
    if (criterion.state === "error") return criterion.error ?? t("verification.state.error");
    if (criterion.state !== "success") return t(STATE_LABELS[criterion.state]);
    return t(criterion.foundData ? "verification.criteria.found" : "verification.criteria.nothingFound");
  };
  return (
    <section className="card verification-panel" aria-labelledby="verification-criteria-title">
      <h2 id="verification-criteria-title" className="card__title">
        {t("verification.result.criteria")}
      </h2>
      <Facts
        facts={criteria.map((criterion) => {
          const check = camel(criterion.key);
          const label = isCheckName(check) ? t(CHECK_LABELS[check]) : criterion.key;
          return [label, stateText(criterion)];
        })}
      />
    </section>
  );
}

const TEXT_KEYS = { en: "en", vi: "vi", zh: "zhHans" } as const;

/** A recommendation in the interface language: the server's text, else the catalogue's. */
export function recommendationText(t: Translate, language: Language, topic: RecommendationTopic, recommendation: Recommendation): string {
  const written = recommendation.texts[TEXT_KEYS[language]];
  if (written) return written;
  const key = `verification.recommendation.${topic}.${recommendation.value}`;
  return isMessageKey(key) ? t(key) : (recommendation.texts.en ?? "");
}

function Recommendations({ recommendations }: { recommendations: VerificationResult["recommendations"] }) {
  const t = useT();
  const language = useLanguage();
  const shown = (Object.keys(RECOMMENDATION_LEVELS) as RecommendationTopic[]).flatMap((topic) => {
    const recommendation = recommendations[topic];
    return recommendation ? [{ topic, recommendation }] : [];
  });
  return (
    <section className="card verification-panel" aria-labelledby="verification-recommendations-title">
      <h2 id="verification-recommendations-title" className="card__title">
        {t("verification.result.recommendations")}
      </h2>
      {shown.length === 0 ? (
        <p className="muted">—</p>
      ) : (
        <ul className="verification-recommendations">
          {shown.map(({ topic, recommendation }) => (
            <li key={topic}>{recommendationText(t, language, topic, recommendation)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Verdict({ result }: { result: VerificationResult }) {
  const t = useT();
  return (
    <section className="card verification-verdict" aria-labelledby="verification-verdict-title">
      <h2 id="verification-verdict-title" className="card__title">
        {t("verification.result.verdict")}
        <span className="verification-status" data-status={result.status}>
          {t(STATUS_TEXTS[result.status])}
        </span>
      </h2>
      {result.message && <p className="form-alert">{t("verification.result.insufficient")}</p>}
      {result.trustVerdict.length > 0 && (
        <ul className="verification-verdict__sentences">
          {result.trustVerdict.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /lead-verification/{company_id}: the verification result, its evidence, and the report forms. */
export function ResultPage({ companyId }: { companyId: number }) {
  const t = useT();
  const { data: company } = useVerificationCompany(companyId);
  const { result, error } = useVerificationResult(companyId);
  const back = { href: "/lead-verification", label: t("page.verificationDetail.back") };
  const name = result?.companyName || company?.name || t("page.verificationDetail.title");
  const status = error instanceof ApiError ? error.status : null;
  let body;
  if (result)
    body = (
      <>
        <Verdict result={result} />
        <Summary result={result} />
        <Recommendations recommendations={result.recommendations} />
        <SanctionsSection companyId={companyId} />
        <TradeSection companyId={companyId} name={name} />
        <Place place={result.detail.placeInformation} />
        <Criteria criteria={result.leadVerificationCriteria} />
      </>
    );
  else if (status === 404 || status === 409)
    body = (
      <EmptyState
        title={t(status === 409 ? "verification.result.running" : "verification.result.notVerified")}
        hint={t("verification.result.notVerifiedHint")}
      />
    );
  else body = error ? <EmptyState title={t("error.generic")} /> : <Skeleton />;
  return (
    <>
      <PageHeader title={name} description={result?.website || company?.website || undefined} back={back} />
      <div className="verification">
        {body}
        <AdvancedReportForm companyId={companyId} />
        <CustomReportForm companyName={result?.companyName || company?.name || ""} />
      </div>
    </>
  );
}
