import { useState, type SubmitEvent } from "react";
import { useIntl } from "react-intl";
import { useProfile } from "../../api/accounts";
import { VERIFICATION_MAX_CREDITS, type VerificationCompany } from "../../api/verification";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n/useT";
import { openPricing } from "../../stores/pricing";
import { useChargeRule } from "./checks";

interface Props {
  company: VerificationCompany;
  onConfirm: (domain: string) => void;
  onCancel: () => void;
}

/**
 * The dialog before a verification starts: the charging rule, the balance, and the domain the
 * website check reads. A balance short of the held ceiling is told here, before anything runs,
 * with the way to the credit plans instead of the start button.
 */
export function ConfirmDialog({ company, onConfirm, onCancel }: Props) {
  const t = useT();
  const intl = useIntl();
  const rule = useChargeRule();
  const { data: profile } = useProfile();
  const [domain, setDomain] = useState(company.domain);
  const balance = profile?.credits?.balance;
  const short = balance !== undefined && balance < VERIFICATION_MAX_CREDITS;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!short) onConfirm(domain.trim());
  };
  const plans = () => {
    onCancel();
    openPricing("lead-sourcing");
  };
  return (
    <Modal
      title={t("verification.confirm.title", { name: company.name })}
      description={t("verification.confirm.description")}
      onClose={onCancel}
      className="dialog verification-dialog"
    >
      <form className="verification-form" onSubmit={submit}>
        <label className="form-field">
          <span className="form-field__label">{t("verification.confirm.domain")}</span>
          <input className="input" value={domain} placeholder="example.com" onChange={(event) => setDomain(event.target.value)} />
        </label>
        <p className="verification-cost">{rule}</p>
        {balance !== undefined &&
          (short ? (
            <p className="form-alert" role="alert">
              {t("verification.confirm.short", { needed: VERIFICATION_MAX_CREDITS, balance: intl.formatNumber(balance) })}
            </p>
          ) : (
            <p className="muted">{t("verification.confirm.balance", { balance: intl.formatNumber(balance) })}</p>
          ))}
        <div className="verification-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t("verification.confirm.cancel")}
          </button>
          {short ? (
            <button type="button" className="button button--primary" onClick={plans}>
              {t("verification.confirm.plans")}
            </button>
          ) : (
            <button type="submit" className="button button--primary">
              {t("verification.confirm.start")}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
