import { CHECKS } from "../../api/verification";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n/useT";
import { openPricing } from "../../stores/pricing";
import { resultHref, useOpenVerification, useVerificationStore, type Verification } from "../../stores/verification";
import { CHECK_LABELS, STATE_LABELS } from "./checks";

function Outcome({ verification }: { verification: Verification }) {
  const t = useT();
  const remove = useVerificationStore((state) => state.remove);
  const openResult = useVerificationStore((state) => state.openResult);
  if (verification.noCredits) {
    return (
      <>
        <p className="form-alert">{t("verification.progress.noCredits")}</p>
        <button type="button" className="button button--primary" onClick={() => openPricing("lead-sourcing")}>
          {t("verification.confirm.plans")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => remove(verification.id)}>
          {t("verification.progress.dismiss")}
        </button>
      </>
    );
  }
  if (verification.loading || verification.progress < 100) return null;
  if (verification.isDone) {
    return (
      <button type="button" className="button button--primary" onClick={() => openResult(verification.id)}>
        {t("verification.progress.viewResult")}
      </button>
    );
  }
  return (
    <>
      <p className="form-alert">{t("verification.progress.failed")}</p>
      {CHECKS.some((check) => verification.checkerStates[check] === "success") && (
        <a className="button button--primary" href={resultHref(verification.id)} target="_blank" rel="noopener">
          {t("verification.progress.viewPartialResult")}
        </a>
      )}
      <button type="button" className="button button--secondary" onClick={() => remove(verification.id)}>
        {t("verification.progress.dismiss")}
      </button>
    </>
  );
}

/** The progress view of the verification whose modal is open; closing it hides it to a card. */
export function ProgressModal() {
  const t = useT();
  const verification = useOpenVerification();
  const hide = useVerificationStore((state) => state.hide);
  if (!verification) return null;
  return (
    <Modal
      title={t("verification.progress.title", { name: verification.name })}
      description={t("verification.progress.description")}
      onClose={() => hide(verification.id)}
      className="dialog verification-dialog"
    >
      <div className="verification-progress">
        <progress max={100} value={verification.progress} aria-label={t("verification.progress.label")} />
        <span className="verification-progress__value">{verification.progress}%</span>
      </div>
      {/* Screen readers hear each check's new state and the outcome as they change. */}
      <ul className="verification-checks" aria-live="polite" aria-relevant="text">
        {CHECKS.map((check) => {
          const state = verification.checkerStates[check];
          return (
            <li key={check} className="verification-check" data-state={state}>
              <span>{t(CHECK_LABELS[check])}</span>
              <span className="verification-check__state">{t(STATE_LABELS[state])}</span>
            </li>
          );
        })}
      </ul>
      <div className="verification-actions" role="status">
        <Outcome verification={verification} />
        {verification.loading && (
          <button type="button" className="button button--secondary" onClick={() => hide(verification.id)}>
            {t("verification.progress.hide")}
          </button>
        )}
      </div>
    </Modal>
  );
}
