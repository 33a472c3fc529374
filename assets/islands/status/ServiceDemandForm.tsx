import { useId, useState, type SubmitEvent } from "react";
import { submitServiceDemand, type ServiceDemand } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { useLanguageStore } from "../../i18n/language";
import type { MessageKey, Text } from "../../i18n/messages";
import { useT, useTextFormatter } from "../../i18n/useT";
import { useAnalytics, usePreload } from "../../shell/context";
import { splitName } from "../../shell/names";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { NAV_GROUPS } from "../../shell/navigation";
import { validateServiceDemand, type DemandField } from "../../shell/validation";

type TextField = Exclude<keyof ServiceDemand, "selectedFeatures">;
type Problems = Partial<Record<DemandField, Text>>;

const DEMAND_FIELDS: readonly DemandField[] = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "companyName",
  "selectedFeatures",
];

function isDemandField(name: string): name is DemandField {
  return (DEMAND_FIELDS as readonly string[]).includes(name);
}

/** The sidebar's groups with only their features that are not built yet. */
const FEATURE_GROUPS = NAV_GROUPS.map((group) => ({
  ...group,
  items: group.items.filter((item) => !item.available),
})).filter((group) => group.items.length > 0);

/** The server's field messages (already in the interface language) of a refused demand. */
export function serverProblems(error: unknown): Problems | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const problems: Problems = {};
  // The client camelCases answers: the server's `phone_number` arrives as `phoneNumber`.
  for (const [field, messages] of Object.entries(error.body.data?.fields ?? {})) {
    if (isDemandField(field) && messages[0]) problems[field] = { text: messages[0] };
  }
  return problems;
}

interface FieldProps {
  field: TextField;
  label: MessageKey;
  value: string;
  problem?: Text;
  type?: string;
  autoComplete?: string;
  hint?: MessageKey;
  onChange: (field: TextField, value: string) => void;
}

function Field({ field, label, value, problem, type = "text", autoComplete, hint, onChange }: FieldProps) {
  const t = useT();
  const format = useTextFormatter();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {t(label)}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        name={field}
        autoComplete={autoComplete}
        placeholder={hint && t(hint)}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(field, event.target.value)}
      />
      {problem && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {format(problem)}
        </p>
      )}
    </div>
  );
}

/** The service-demand form of spec §3, prefilled from the signed-in user, with `feature` ticked;
 * on its own page (`asPage`) its title is the page's heading. */
export function ServiceDemandForm({ feature, asPage = false }: { feature?: string; asPage?: boolean }) {
  const t = useT();
  const Heading = asPage ? "h1" : "h2";
  const format = useTextFormatter();
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const language = useLanguageStore((state) => state.language);
  const { user } = usePreload();
  const [firstName, lastName] = splitName(user?.name ?? "");
  const [demand, setDemand] = useState<ServiceDemand>({
    firstName,
    lastName,
    email: user?.email ?? "",
    phoneNumber: "",
    companyName: "",
    jobTitle: "",
    selectedFeatures: feature ? [feature] : [],
  });
  const [problems, setProblems] = useState<Problems>({});
  const [state, setState] = useState<"idle" | "sending">("idle");
  const [thanks, setThanks] = useState<string | null>(null);

  const change = (field: TextField, value: string) => setDemand((current) => ({ ...current, [field]: value }));
  const toggle = (value: string) =>
    setDemand((current) => ({
      ...current,
      selectedFeatures: current.selectedFeatures.includes(value)
        ? current.selectedFeatures.filter((chosen) => chosen !== value)
        : [...current.selectedFeatures, value],
    }));

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found = validateServiceDemand(demand);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setState("sending");
    try {
      setThanks(await submitServiceDemand(demand, language));
      analytics.event("service_demand", "submit", demand.selectedFeatures.join(","));
    } catch (failure) {
      const refused = serverProblems(failure);
      if (refused) setProblems(refused);
      else handleError(failure);
    }
    setState("idle");
  };

  if (thanks !== null) {
    return (
      <section className="card demand-form" role="status">
        <Heading className="card__title">{t("demand.thanksTitle")}</Heading>
        <p>{thanks}</p>
      </section>
    );
  }
  const fieldProps = (field: TextField) => ({ field, value: demand[field], problem: problems[field as DemandField], onChange: change });
  return (
    <section className="card demand-form">
      <Heading className="card__title">{t("demand.title")}</Heading>
      <p className="muted">{t("demand.intro")}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="demand-form__grid">
        <Field {...fieldProps("firstName")} label="demand.firstName" autoComplete="given-name" />
        <Field {...fieldProps("lastName")} label="demand.lastName" autoComplete="family-name" />
        <Field {...fieldProps("email")} label="demand.email" type="email" autoComplete="email" />
        <Field {...fieldProps("phoneNumber")} label="demand.phoneNumber" type="tel" autoComplete="tel" hint="demand.phoneHint" />
        <Field {...fieldProps("companyName")} label="demand.companyName" autoComplete="organization" />
        <Field {...fieldProps("jobTitle")} label="demand.jobTitle" autoComplete="organization-title" />
        <fieldset className="demand-form__features" aria-invalid={problems.selectedFeatures ? true : undefined}>
          <legend className="form-field__label">{t("demand.features")}</legend>
          {FEATURE_GROUPS.map((group) => (
            <div key={group.id} className="demand-form__group">
              <p className="demand-form__group-title">{t(group.label)}</p>
              {group.items.map((item) => {
                const value = item.href.slice(1);
                return (
                  <label key={value} className="demand-form__option">
                    <input type="checkbox" checked={demand.selectedFeatures.includes(value)} onChange={() => toggle(value)} />
                    {t(item.label)}
                  </label>
                );
              })}
            </div>
          ))}
          {problems.selectedFeatures && (
            <p className="form-field__error" role="alert">
              {format(problems.selectedFeatures)}
            </p>
          )}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={state === "sending"}>
          {t(state === "sending" ? "demand.submitting" : "demand.submit")}
        </button>
      </form>
    </section>
  );
}
