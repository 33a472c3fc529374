import { useEffect, useId, useRef, useState, type SubmitEvent, type ReactNode } from "react";
import {
  emptyContact,
  REPORT_TYPES,
  reportErrorsOf,
  requestCustomReport,
  requestReport,
  validateReport,
  type ReportContact,
  type ReportErrors,
  type ReportType,
} from "../../api/verification";
import type { MessageKey, Text } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { useAnalytics, usePreload } from "../../shell/context";
import { splitName } from "../../shell/names";
import { useApiErrorHandler } from "../../shell/errorHandling";

const REPORT_TYPE_LABELS: Record<ReportType, MessageKey> = {
  "Credit Score and Limit": "verification.reportType.creditScore",
  "Financial Performance": "verification.reportType.financialPerformance",
  "Director & Shareholder Information": "verification.reportType.directorsShareholders",
  "Company Ownership": "verification.reportType.companyOwnership",
  "Key Risk Indicators": "verification.reportType.keyRiskIndicators",
  "Business Verification": "verification.reportType.businessVerification",
  Other: "verification.reportType.other",
};

const CONTACT_FIELDS: { field: keyof ReportContact; label: MessageKey; type?: string; autoComplete?: string; optional?: boolean; hint?: MessageKey }[] = [
  { field: "firstName", label: "verification.report.firstName", autoComplete: "given-name" },
  { field: "lastName", label: "verification.report.lastName", autoComplete: "family-name" },
  { field: "email", label: "verification.report.email", type: "email", autoComplete: "email" },
  { field: "phone", label: "verification.report.phone", type: "tel", autoComplete: "tel", hint: "demand.phoneHint" },
  { field: "companyName", label: "verification.report.companyName", autoComplete: "organization" },
  { field: "jobTitle", label: "verification.report.jobTitle", autoComplete: "organization-title", optional: true },
];

function FieldError({ id, error }: { id: string; error: Text | undefined }) {
  const format = useTextFormatter();
  if (!error) return null;
  return (
    <span id={id} className="form-field__error">
      {format(error)}
    </span>
  );
}

function ContactFields({ contact, errors, onChange }: { contact: ReportContact; errors: ReportErrors; onChange: (contact: ReportContact) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="verification-form__grid">
      {CONTACT_FIELDS.map(({ field, label, type, autoComplete, optional, hint }) => (
        <div key={field} className="form-field">
          <label htmlFor={`${id}-${field}`} className="form-field__label">
            {t(label)}
            {optional && <span className="muted"> {t("verification.report.optional")}</span>}
          </label>
          <input
            id={`${id}-${field}`}
            className="input"
            type={type ?? "text"}
            autoComplete={autoComplete}
            placeholder={hint && t(hint)}
            value={contact[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
            onChange={(event) => onChange({ ...contact, [field]: event.target.value })}
          />
          <FieldError id={`${id}-${field}-error`} error={errors[field]} />
        </div>
      ))}
      <div className="form-field verification-form__wide">
        <label htmlFor={`${id}-message`} className="form-field__label">
          {t("verification.report.message")}
          <span className="muted"> {t("verification.report.optional")}</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="input"
          rows={3}
          value={contact.message}
          onChange={(event) => onChange({ ...contact, message: event.target.value })}
        />
      </div>
    </div>
  );
}

interface FormProps {
  title: MessageKey;
  description: MessageKey;
  /** Whether the form asks for report types (at least one). */
  withTypes: boolean;
  send: (contact: ReportContact, reportTypes: ReportType[]) => Promise<void>;
  initialMessage?: string;
  children?: (errors: ReportErrors, types: ReportType[], setTypes: (types: ReportType[]) => void) => ReactNode;
}

function ReportForm({ title, description, withTypes, send, initialMessage = "", children }: FormProps) {
  const t = useT();
  const handleError = useApiErrorHandler();
  const analytics = useAnalytics();
  const headingId = useId();
  const { user } = usePreload();
  // Prefilled with the signed-in user's name and email, as the service request form is.
  const [contact, setContact] = useState((): ReportContact => {
    const [firstName, lastName] = splitName(user?.name ?? "");
    return { ...emptyContact(), firstName, lastName, email: user?.email ?? "", message: initialMessage };
  });
  const [types, setTypes] = useState<ReportType[]>([]);
  const [errors, setErrors] = useState<ReportErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [errorsShown, setErrorsShown] = useState(0);
  // Errors shown take the keyboard to the first field in error, whose label and error a screen
  // reader then reads (aria-describedby); the summary above says how many there are.
  useEffect(() => {
    if (errorsShown) form.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input, input[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  }, [errorsShown]);
  const showErrors = (found: ReportErrors) => {
    setErrors(found);
    if (Object.keys(found).length > 0) setErrorsShown((count) => count + 1);
  };
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found = validateReport(contact, withTypes ? types : null);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await send(contact, types);
      analytics.event("lead_verification", withTypes ? "request_report" : "request_custom_report", types.join(","));
      setSent(true);
    } catch (error) {
      const fieldErrors = reportErrorsOf(error);
      if (fieldErrors) showErrors(fieldErrors);
      else handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card verification-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {t(title)}
      </h2>
      <p className="muted">{t(description)}</p>
      {sent ? (
        <p className="verification-sent" role="status">
          {t("verification.report.sent")}
        </p>
      ) : (
        <form ref={form} className="verification-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="sr-only" role="alert">
            {errorsShown > 0 && Object.keys(errors).length > 0 ? t("verification.report.errors", { count: Object.keys(errors).length }) : ""}
          </p>
          {children?.(errors, types, setTypes)}
          <ContactFields contact={contact} errors={errors} onChange={setContact} />
          <div className="verification-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("verification.report.submit")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The advanced report claim: one or more of the seven report types about this company. */
export function AdvancedReportForm({ companyId }: { companyId: number }) {
  const t = useT();
  const format = useTextFormatter();
  return (
    <ReportForm
      title="verification.report.advancedTitle"
      description="verification.report.advancedDescription"
      withTypes
      send={(contact, types) => requestReport(companyId, contact, types)}
    >
      {(errors, types, setTypes) => (
        <fieldset className="verification-types" aria-invalid={errors.reportTypes ? true : undefined}>
          <legend className="form-field__label">{t("verification.report.types")}</legend>
          {REPORT_TYPES.map((type) => (
            <label key={type} className="verification-types__option">
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) => setTypes(event.target.checked ? [...types, type] : types.filter((item) => item !== type))}
              />
              {t(REPORT_TYPE_LABELS[type])}
            </label>
          ))}
          {errors.reportTypes && <span className="form-field__error">{format(errors.reportTypes)}</span>}
        </fieldset>
      )}
    </ReportForm>
  );
}

/** A custom report request: staff research what the message asks about the company. */
export function CustomReportForm({ companyName }: { companyName: string }) {
  const t = useT();
  return (
    <ReportForm
      title="verification.report.customTitle"
      description="verification.report.customDescription"
      withTypes={false}
      send={requestCustomReport}
      initialMessage={companyName ? t("verification.report.customAbout", { name: companyName }) : ""}
    />
  );
}
