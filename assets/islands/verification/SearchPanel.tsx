import { useState, type SubmitEvent } from "react";
import {
  isUnavailable,
  VERIFICATION_MAX_CREDITS,
  useVerificationSearch,
  validateSearch,
  type VerificationCompany,
  type VerificationSearch,
} from "../../api/verification";
import { labelFor } from "../../i18n/labels";
import { useLanguage } from "../../i18n/language";
import type { Text } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { useAnalytics } from "../../shell/context";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { Skeleton } from "../../shell/Skeleton";
import { DataTable, type Column } from "../../components/DataTable";
import { Tooltip } from "../../shell/Tooltip";
import { useVerificationStore } from "../../stores/verification";
import { ConfirmDialog } from "./ConfirmDialog";
import { countryLabel } from "./format";
import { DemoBadge } from "../../components/DemoBadge";

type Source = "database" | "internet";

/** Where an internet search row comes from: its registry record (by LEI) or its web page. */
function outsideHref(company: VerificationCompany): string {
  if (company.sourceRecordId?.startsWith("http")) return company.sourceRecordId;
  if (company.sourceRecordId) return `https://search.gleif.org/#/record/${encodeURIComponent(company.sourceRecordId)}`;
  return company.website;
}

function Results({ search, source, onVerify }: { search: VerificationSearch; source: Source; onVerify: (company: VerificationCompany) => void }) {
  const t = useT();
  const language = useLanguage();
  const { data, error, isLoading } = useVerificationSearch(search, source === "internet");
  if (error && isUnavailable(error)) return <p className="form-alert">{t("verification.search.internetUnavailable")}</p>;
  if (error) return <p className="form-alert">{t("error.generic")}</p>;
  if (isLoading || !data) return <Skeleton />;
  const columns: Column<VerificationCompany>[] = [
    {
      key: "name",
      label: t("verification.field.companyName"),
      cell: (company) => (
        <>
          {company.id === null ? (
            <a href={outsideHref(company)} target="_blank" rel="noopener noreferrer">
              {company.name}
            </a>
          ) : (
            <a href={`/lead-verification/${company.id}`}>{company.name}</a>
          )}
          {company.isDemo && <DemoBadge />}
        </>
      ),
    },
    { key: "website", label: t("verification.field.website"), cell: (company) => company.domain || "—" },
    { key: "country", label: t("verification.field.country"), cell: (company) => countryLabel(company.country, language) || "—" },
    {
      key: "industry",
      label: t("verification.field.industry"),
      cell: (company) => (company.industry ? labelFor(t, "leads.industry", company.industry) : "—"),
    },
    {
      key: "action",
      label: t("verification.search.action"),
      action: true,
      cell: (company) =>
        company.id === null ? (
          <span className="data-table__detail">{t("verification.search.outside", { source: company.source ?? "" })}</span>
        ) : (
          <Tooltip label={t("verification.confirm.costTooltip", { credits: VERIFICATION_MAX_CREDITS })}>
            <button type="button" className="button button--primary button--small" onClick={() => onVerify(company)}>
              {t("verification.search.verify")}
            </button>
          </Tooltip>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={data}
      rowKey={(company) => company.id ?? company.sourceRecordId ?? company.name}
      empty={t("verification.search.empty")}
    />
  );
}

/** The verification search (database or internet), its results, and the start of a verification. */
export function SearchPanel() {
  const t = useT();
  const format = useTextFormatter();
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const [source, setSource] = useState<Source>("database");
  const [draft, setDraft] = useState<VerificationSearch>({ name: "", website: "" });
  const [search, setSearch] = useState<VerificationSearch | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [confirming, setConfirming] = useState<VerificationCompany | null>(null);
  const verifications = useVerificationStore((state) => state.verifications);
  const add = useVerificationStore((state) => state.add);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const invalid = validateSearch(draft);
    setProblem(invalid);
    if (invalid) return;
    analytics.event("lead_verification", `search_${source}`, draft.name || draft.website);
    setSearch({ ...draft });
  };
  const verify = (company: VerificationCompany) => {
    // One already under way (or finished) only comes back into view.
    if (verifications.some((verification) => verification.id === String(company.id))) {
      add({ id: String(company.id), name: company.name, domain: company.domain }, handleError);
    } else setConfirming(company);
  };
  const confirm = (domain: string) => {
    if (!confirming) return;
    analytics.event("lead_verification", "start", String(confirming.id));
    add({ id: String(confirming.id), name: confirming.name, domain }, handleError);
    setConfirming(null);
  };

  return (
    <section className="card verification-search">
      <div className="verification-tabs" role="tablist">
        {(["database", "internet"] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            className="verification-tab"
            aria-selected={source === value}
            onClick={() => setSource(value)}
          >
            {t(value === "database" ? "verification.search.database" : "verification.search.internet")}
          </button>
        ))}
      </div>
      <form className="verification-search__form" onSubmit={submit} noValidate>
        <label className="form-field">
          <span className="form-field__label">{t("verification.field.companyName")}</span>
          <input className="input" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t("verification.field.website")}</span>
          <input
            className="input"
            value={draft.website}
            placeholder="example.com"
            onChange={(event) => setDraft({ ...draft, website: event.target.value })}
          />
        </label>
        <button type="submit" className="button button--primary">
          {t("verification.search.submit")}
        </button>
      </form>
      {problem && (
        <p className="form-field__error" role="alert">
          {format(problem)}
        </p>
      )}
      <p className="muted">{t("verification.search.free")}</p>
      {search && <Results search={search} source={source} onVerify={verify} />}
      {confirming && <ConfirmDialog company={confirming} onConfirm={confirm} onCancel={() => setConfirming(null)} />}
    </section>
  );
}
