import { useState, type SubmitEvent } from "react";
import { VERIFICATION_MAX_CREDITS, type VerificationCompany } from "../../api/verification";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n/useT";

interface Props {
  company: VerificationCompany;
  onConfirm: (domain: string) => void;
  onCancel: () => void;
}

/** The dialog before a verification starts: its cost and the domain the website check reads. */
export function ConfirmDialog({ company, onConfirm, onCancel }: Props) {
  const t = useT();
  const [domain, setDomain] = useState(company.domain);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onConfirm(domain.trim());
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
        <p className="verification-cost">
          {t("verification.confirm.cost", { credits: VERIFICATION_MAX_CREDITS })}
        </p>
        <div className="verification-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t("verification.confirm.cancel")}
          </button>
          <button type="submit" className="button button--primary">
            {t("verification.confirm.start")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
