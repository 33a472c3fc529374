import { useT } from "../i18n/useT";
import { SignOutForm } from "./SignOutForm";

function Illustration() {
  return (
    <svg className="error-screen__art" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <rect x="18" y="20" width="124" height="84" rx="10" fill="#e6f2f1" />
      <rect x="18" y="20" width="124" height="18" rx="9" fill="#0f766e" />
      <circle cx="32" cy="29" r="3" fill="#fff" />
      <circle cx="42" cy="29" r="3" fill="#fff" />
      <path d="M58 62l12 12M70 62L58 74M90 62l12 12M102 62L90 74" stroke="#0f766e" strokeWidth="4" strokeLinecap="round" />
      <path d="M62 92c10-8 26-8 36 0" stroke="#64748b" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The generic error screen: refresh re-runs the page load, logout signs out to the site root. */
export function ErrorScreen({ logoutUrl }: { logoutUrl: string }) {
  const t = useT();
  return (
    <section className="error-screen" role="alert">
      <Illustration />
      <h1 className="error-screen__title">{t("errorScreen.title")}</h1>
      <p className="error-screen__description">{t("errorScreen.description")}</p>
      <div className="error-screen__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t("errorScreen.refresh")}
        </button>
        <SignOutForm action={logoutUrl} className="button button--secondary">
          {t("errorScreen.logout")}
        </SignOutForm>
      </div>
    </section>
  );
}
