import { useEffect, useRef, useState, type ReactNode } from "react";
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

/**
 * Runs a paid reveal: the row takes the answer, a short balance opens the credit plans. The
 * cell keeps the keyboard focus when its button gives way to the answer (`Cell`), instead of
 * the focus falling back to the top of the page.
 */
function useReveal(action: "request_email" | "request_phone", onRevealed: (lead: Lead) => void) {
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState(false);
  const cell = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!answered) return;
    cell.current?.focus();
    setAnswered(false);
  }, [answered]);
  const run = async (call: () => Promise<Reveal>, done: (reveal: Reveal) => void) => {
    setBusy(true);
    try {
      const reveal = await call();
      analytics.event("find_global_lead", action, reveal.message, { credits: reveal.creditsCharged });
      onRevealed(reveal.lead);
      done(reveal);
      setAnswered(true);
      void mutate(isLeadListKey);
    } catch (error) {
      handleError(error);
      if (isInsufficientCredit(error)) openPricing("lead-sourcing");
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, cell };
}

/** A contact cell that can take the focus from its own button. */
function Cell({ cell, children }: { cell: React.RefObject<HTMLSpanElement | null>; children: ReactNode }) {
  return (
    <span ref={cell} tabIndex={-1} className="leads-contact-cell">
      {children}
    </span>
  );
}

export function EmailCell({ lead, onRevealed }: CellProps) {
  const t = useT();
  const { busy, run, cell } = useReveal("request_email", onRevealed);
  if (lead.emailState === "found" && lead.email) {
    return (
      <Cell cell={cell}>
        <span className="leads-contact">
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
          {lead.emailStatus && <span className={`badge leads-status leads-status--${lead.emailStatus}`}>{t(statusKey(lead.emailStatus))}</span>}
        </span>
      </Cell>
    );
  }
  if (lead.emailState === "not_found") {
    return (
      <Cell cell={cell}>
        <span className="muted">{t("leads.email.none")}</span>
      </Cell>
    );
  }
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
    <Cell cell={cell}>
      <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void reveal()}>
        {t("leads.email.reveal", { credits: EMAIL_CREDITS })} <span className="sr-only">{t("leads.contact.ofPerson", { name: lead.name })}</span>
      </button>
    </Cell>
  );
}

function statusKey(status: string) {
  if (status === "valid") return "leads.email.valid" as const;
  if (status === "accept_all") return "leads.email.acceptAll" as const;
  return "leads.email.unknown" as const;
}

export function PhoneCell({ lead, onRevealed }: CellProps) {
  const t = useT();
  const { busy, run, cell } = useReveal("request_phone", onRevealed);
  if (lead.phoneState === "found" && lead.phone) {
    return (
      <Cell cell={cell}>
        <a href={`tel:${lead.phone}`}>{lead.phone}</a>
      </Cell>
    );
  }
  if (lead.phoneState === "not_found") {
    return (
      <Cell cell={cell}>
        <span className="muted">{t("leads.phone.none")}</span>
      </Cell>
    );
  }
  if (lead.phoneState === "processing") {
    return (
      <Cell cell={cell}>
        <span className="leads-processing" role="status">
          <span className="badge leads-status leads-status--processing">{t("leads.phone.processing")}</span>
          <span className="data-table__detail">{t("leads.phone.timing")}</span>
        </span>
      </Cell>
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
  if (lead.phoneState !== "failed") return <Cell cell={cell}>{button}</Cell>;
  // A lookup whose source never answered was refunded: say so, and let it be asked again.
  return (
    <Cell cell={cell}>
      <span className="leads-contact">
        <span className="muted">{t("leads.phone.failed")}</span> {button}
      </span>
    </Cell>
  );
}
