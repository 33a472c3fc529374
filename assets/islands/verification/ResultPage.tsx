import { useState } from "react";
import { useSWRConfig } from "swr";
import { ApiError } from "../../api/client";
import {
  checkOfKey,
  isCompanyVerificationKey,
  RECOMMENDATION_TOPICS,
  refreshMyVerifications,
  retryCheck,
  STATUS_TEXTS,
  useVerificationCompany,
  useVerificationResult,
  type Criterion,
  type PlaceInfo,
  type VerdictReason,
  type VerificationResult,
  type WebsiteStatus,
} from "../../api/verification";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { formatDateTime, formatShipmentDate, formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { labelFor } from "../../i18n/labels";
import { useT, type Translate } from "../../i18n/useT";
import { EmptyState, PageHeader } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { CHECK_LABELS, STATE_LABELS, useChargeRule } from "./checks";
import { countryLabel, formatAge } from "./format";
import { AdvancedReportForm, CustomReportForm } from "./ReportForms";
import { SanctionsSection } from "./SanctionsSection";
import { TradeSection } from "./TradeSection";
import { DemoBadge } from "../../components/DemoBadge";

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

function websiteStatusText(t: Translate, status: WebsiteStatus | null): string {
  if (!status) return "";
  if (status.error) return status.error;
  return t(status.tls ? "verification.website.statusTls" : "verification.website.statusNoTls", { code: status.statusCode ?? "" });
}

function Summary({ result }: { result: VerificationResult }) {
  const t = useT();
  const language = useLanguage();
  const detail = result.detail;
  const last = detail.lastTransaction;
  const facts: Fact[] = [
    [t("verification.field.status"), t(STATUS_TEXTS[result.status])],
    [t("verification.field.companyName"), result.companyName],
    [t("verification.field.industry"), result.industry && labelFor(t, "leads.industry", result.industry)],
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

function RetryButton({ companyId, checkKey }: { companyId: number; checkKey: string }) {
  const t = useT();
  const handleError = useApiErrorHandler();
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState(false);
  const check = checkOfKey(checkKey);
  if (!check) return null;
  const retry = async () => {
    setRunning(true);
    await retryCheck(companyId, check, handleError);
    await Promise.all([mutate((key) => isCompanyVerificationKey(companyId, key)), refreshMyVerifications()]);
    setRunning(false);
  };
  return (
    <button type="button" className="button button--secondary button--small" disabled={running} onClick={() => void retry()}>
      {running ? t("verification.state.verifying") : t("verification.result.retry")}
    </button>
  );
}

function Criteria({ result }: { result: VerificationResult }) {
  const t = useT();
  const language = useLanguage();
  const stateText = (criterion: Criterion): string => {
    if (criterion.state === "error") return criterion.error ?? t("verification.state.error");
    if (criterion.state !== "success") return t(STATE_LABELS[criterion.state]);
    return t(criterion.foundData ? "verification.criteria.found" : "verification.criteria.nothingFound");
  };
  const retryUntil = result.freeRetryUntil;
  return (
    <section className="card verification-panel" aria-labelledby="verification-criteria-title">
      <h2 id="verification-criteria-title" className="card__title">
        {t("verification.result.criteria")}
      </h2>
      <dl className="verification-facts">
        {result.leadVerificationCriteria.map((criterion) => {
          const check = checkOfKey(criterion.key);
          return (
            <div key={criterion.key}>
              <dt>{check ? t(CHECK_LABELS[check]) : criterion.key}</dt>
              <dd>
                {stateText(criterion)}
                {retryUntil && criterion.state === "error" && <RetryButton companyId={result.companyId} checkKey={criterion.key} />}
              </dd>
            </div>
          );
        })}
      </dl>
      {retryUntil && <p className="muted">{t("verification.result.retryUntil", { date: formatDateTime(retryUntil, language) })}</p>}
    </section>
  );
}

function Recommendations({ recommendations }: { recommendations: VerificationResult["recommendations"] }) {
  const t = useT();
  const language = useLanguage();
  const shown = RECOMMENDATION_TOPICS.flatMap((topic) => {
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
            <li key={topic}>{recommendation.texts[language]}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReasonItem({ reason }: { reason: VerdictReason }) {
  const t = useT();
  const language = useLanguage();
  const source = reason.source
    ? reason.sourceDate
      ? t("verification.result.sourceDated", { source: reason.source, date: formatShipmentDate(reason.sourceDate, language) })
      : t("verification.result.source", { source: reason.source })
    : "";
  return (
    <li className="verification-reason" data-level={reason.level}>
      <span className="verification-reason__level">{t(STATUS_TEXTS[reason.level])}</span>
      <span>{reason.text}</span>
      {source && <span className="data-table__detail">{source}</span>}
    </li>
  );
}

function Verdict({ result }: { result: VerificationResult }) {
  const t = useT();
  const rule = useChargeRule();
  return (
    <section className="card verification-verdict" aria-labelledby="verification-verdict-title" data-status={result.status}>
      <h2 id="verification-verdict-title" className="card__title">
        {t("verification.result.verdict")}
        <span className="verification-status" data-status={result.status}>
          {t(STATUS_TEXTS[result.status])}
        </span>
        {result.isDemo && <DemoBadge />}
      </h2>
      {result.message && <p className="form-alert">{t("verification.result.insufficient")}</p>}
      <ul className="verification-verdict__reasons">
        {result.verdict.reasons.map((reason) => (
          <ReasonItem key={`${reason.check}:${reason.code}:${reason.text}`} reason={reason} />
        ))}
      </ul>
      <details className="verification-charge">
        <summary>{t("verification.result.charge")}</summary>
        <p className="muted">{rule}</p>
      </details>
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
        <Criteria result={result} />
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
