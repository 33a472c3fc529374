import { useState } from "react";
import { useSWRConfig } from "swr";
import {
  EMAIL_CREDITS,
  PHONE_CREDITS,
  isInsufficientCredit,
  isLeadListKey,
  requestEmail,
  requestPhone,
  type Lead,
  type Reveal,
} from "../../api/leads";
import { useT } from "../../i18n/useT";
import { useAnalytics } from "../../shell/context";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { openPricing } from "../../stores/pricing";
import { showToast } from "../../stores/toast";

interface CellProps {
  lead: Lead;
  onRevealed: (lead: Lead) => void;
}

/** Runs a paid reveal: the row takes the answer, a short balance opens the credit plans. */
function useReveal(action: "request_email" | "request_phone", onRevealed: (lead: Lead) => void) {
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<Reveal>, done: (reveal: Reveal) => void) => {
    setBusy(true);
    try {
      const reveal = await call();
      analytics.event("find_global_lead", action, reveal.message, { credits: reveal.creditsCharged });
      onRevealed(reveal.lead);
      done(reveal);
      void mutate(isLeadListKey);
    } catch (error) {
      handleError(error);
      if (isInsufficientCredit(error)) openPricing("lead-sourcing");
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function EmailCell({ lead, onRevealed }: CellProps) {
  const t = useT();
  const { busy, run } = useReveal("request_email", onRevealed);
  if (lead.emailState === "found" && lead.email) {
    return (
      <span className="leads-contact">
        <a href={`mailto:${lead.email}`}>{lead.email}</a>
        {lead.emailStatus && <span className={`badge leads-status leads-status--${lead.emailStatus}`}>{t(statusKey(lead.emailStatus))}</span>}
      </span>
    );
  }
  if (lead.emailState === "not_found") return <span className="muted">{t("leads.email.none")}</span>;
  const reveal = () =>
    run(
      () => requestEmail(lead.id),
      ({ lead: revealed, creditsCharged }) =>
        showToast(
          revealed.emailState === "found"
            ? { variant: "success", title: { id: "leads.email.revealed" }, description: { id: "leads.credits.used", values: { credits: creditsCharged } } }
            : { variant: "info", title: { id: "leads.email.none" }, description: { id: "leads.credits.none" } },
        ),
    );
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={busy}
      onClick={() => void reveal()}
    >
      {t("leads.email.reveal", { credits: EMAIL_CREDITS })}{" "}
      <span className="sr-only">{t("leads.contact.ofPerson", { name: lead.name })}</span>
    </button>
  );
}

function statusKey(status: string) {
  if (status === "valid") return "leads.email.valid" as const;
  if (status === "accept_all") return "leads.email.acceptAll" as const;
  return "leads.email.unknown" as const;
}

export function PhoneCell({ lead, onRevealed }: CellProps) {
  const t = useT();
  const { busy, run } = useReveal("request_phone", onRevealed);
  if (lead.phoneState === "found" && lead.phone) return <a href={`tel:${lead.phone}`}>{lead.phone}</a>;
  if (lead.phoneState === "not_found") return <span className="muted">{t("leads.phone.none")}</span>;
  if (lead.phoneState === "processing") {
    return (
      <span className="leads-processing" role="status">
        <span className="badge leads-status leads-status--processing">{t("leads.phone.processing")}</span>
        <span className="data-table__detail">{t("leads.phone.timing")}</span>
      </span>
    );
  }
  const request = () =>
    run(
      () => requestPhone(lead.id),
      ({ lead: requested, creditsCharged }) =>
        showToast(
          requested.phoneState === "not_found"
            ? { variant: "info", title: { id: "leads.phone.none" }, description: { id: "leads.credits.none" } }
            : {
                variant: "success",
                title: { id: requested.phoneState === "found" ? "leads.phone.found" : "leads.phone.requested" },
                description: { id: "leads.phone.timingCharged", values: { credits: creditsCharged } },
              },
        ),
    );
  const button = (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={busy}
      onClick={() => void request()}
    >
      {t("leads.phone.request", { credits: PHONE_CREDITS })}{" "}
      <span className="sr-only">{t("leads.contact.ofPerson", { name: lead.name })}</span>
    </button>
  );
  if (lead.phoneState !== "failed") return button;
  // A lookup whose source never answered was refunded: say so, and let it be asked again.
  return (
    <span className="leads-contact">
      <span className="muted">{t("leads.phone.failed")}</span> {button}
    </span>
  );
}
