import { useState, type SubmitEvent } from "react";
import { EmailField } from "../../components/EmailField";
import { useLanguageStore } from "../../i18n/language";
import type { Text } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { useAnalytics, usePreload } from "../../shell/context";
import { Link } from "../../shell/Link";
import { validateEmail } from "../../shell/validation";
import { signinUrl } from "./signinLinks";

export function SignInPage() {
  const t = useT();
  const analytics = useAnalytics();
  const { site, data } = usePreload();
  const language = useLanguageStore((state) => state.language);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Text | null>(null);
  const base = { next: data.next ?? "/", language };
  const go = (method: string, url: string) => {
    analytics.event("auth", "sign_in_start", method);
    window.location.assign(url);
  };
  const submitEmail = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (!problem) go("email", signinUrl(site.authenticateUrl, { ...base, loginHint: email.trim() }));
  };
  return (
    <section className="card auth-card">
      <h1 className="auth-card__title">{t("signin.title")}</h1>
      <p className="muted">{t("signin.subtitle")}</p>
      {data.signinFailed && (
        <p className="form-alert" role="alert">
          {t("signin.failed")}
        </p>
      )}
      <a className="button button--primary button--block" href={signinUrl(site.authenticateUrl, base)}>
        {t("signin.sso")}
      </a>
      <div className="divider">{t("auth.or")}</div>
      <form onSubmit={submitEmail} noValidate className="stack">
        <EmailField value={email} error={error} onChange={setEmail} />
        <button type="submit" className="button button--secondary button--block">
          {t("signin.email")}
        </button>
        <p className="hint">{t("signin.passwordNote")}</p>
      </form>
      {site.googleSignIn && (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => go("google", signinUrl(site.authenticateUrl, { ...base, idp: "google" }))}
        >
          {t("signin.google")}
        </button>
      )}
      <p className="auth-card__switch">
        {t("signin.noAccount")} <Link href="/signup">{t("signin.signUp")}</Link>
      </p>
    </section>
  );
}
