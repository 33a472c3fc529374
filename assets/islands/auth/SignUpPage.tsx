import { useState, type SubmitEvent } from "react";
import { registerUser } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { EmailField } from "../../components/EmailField";
import { useLanguageStore } from "../../i18n/language";
import type { Text } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { useAnalytics } from "../../shell/context";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { Link } from "../../shell/Link";
import { EMAIL_EXAMPLE, validateEmail } from "../../shell/validation";

/** What the sign-up form shows for a refused registration, or null to use the general handler. */
export function registrationProblem(error: unknown): Text | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return { id: "error.code.user_exists" };
  if (error.status === 429) return { id: "error.code.too_many_requests" };
  // The server applies the same email rule as the form, so its refusal reads in the UI's language.
  if (error.status === 422) return { id: "validation.emailInvalid", values: { email: EMAIL_EXAMPLE } };
  return null;
}

function Registered() {
  const t = useT();
  return (
    <section className="card auth-card" role="status">
      <h1 className="auth-card__title">{t("signup.success")}</h1>
      <p>{t("signup.checkEmail")}</p>
      <Link href="/signin" className="button button--primary button--block">
        {t("signup.signIn")}
      </Link>
    </section>
  );
}

export function SignUpPage() {
  const t = useT();
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const language = useLanguageStore((state) => state.language);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Text | null>(null);
  const [state, setState] = useState<"idle" | "sending" | "done">("idle");
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (problem) return;
    setState("sending");
    try {
      await registerUser(email.trim(), language);
      analytics.event("auth", "sign_up");
      setState("done");
    } catch (failure) {
      setState("idle");
      const refused = registrationProblem(failure);
      if (refused) setError(refused);
      else handleError(failure);
    }
  };
  if (state === "done") return <Registered />;
  return (
    <section className="card auth-card">
      <h1 className="auth-card__title">{t("signup.title")}</h1>
      <p className="muted">{t("signup.subtitle")}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="stack">
        <EmailField value={email} error={error} onChange={setEmail} />
        <button type="submit" className="button button--primary button--block" disabled={state === "sending"}>
          {t(state === "sending" ? "signup.submitting" : "signup.submit")}
        </button>
      </form>
      <p className="auth-card__switch">
        {t("signup.haveAccount")} <Link href="/signin">{t("signup.signIn")}</Link>
      </p>
    </section>
  );
}
