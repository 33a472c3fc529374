import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { USERS_PATH } from "../../api/accounts";
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

/** The phone states last seen of each lead, across every table of the page: a lookup seen
 * processing that is then seen ended is told once, however many tables show its lead. */
const phoneStates = new Map<number, Lead["phoneState"]>();

/** Forgets the phone states seen (between tests). */
export function forgetPhoneStates(): void {
  phoneStates.clear();
}

/**
 * Tells the end of a phone lookup the user watched: a number found; none found, with the held
 * credits returned; or the lookup failed, credits returned too. The balance is fetched again,
 * since the credits held for the lookup came back.
 */
function usePhoneLookupEnd(lead: Lead) {
  const { mutate } = useSWRConfig();
  const { id, phoneState, name } = lead;
  useEffect(() => {
    const before = phoneStates.get(id);
    phoneStates.set(id, phoneState);
    if (before !== "processing" || phoneState === "processing") return;
    void mutate(USERS_PATH);
    if (phoneState === "found") {
      showToast({ variant: "success", title: { id: "leads.phone.foundFor", values: { name } } });
    } else if (phoneState === "not_found") {
      showToast({
        variant: "info",
        title: { id: "leads.phone.noneFound", values: { name } },
        description: { id: "leads.phone.returned", values: { credits: PHONE_CREDITS } },
      });
    } else if (phoneState === "failed") {
      showToast({
        variant: "warning",
        title: { id: "leads.phone.failedFor", values: { name } },
        description: { id: "leads.phone.returned", values: { credits: PHONE_CREDITS } },
      });
    }
  }, [id, phoneState, name, mutate]);
}

export function PhoneCell({ lead, onRevealed }: CellProps) {
  const t = useT();
  const { busy, run, cell } = useReveal("request_phone", onRevealed);
  usePhoneLookupEnd(lead);
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
        <span className="leads-contact">
          <span className="muted">{t("leads.phone.none")}</span>
          <span className="data-table__detail">{t("leads.phone.notCharged")}</span>
        </span>
      </Cell>
    );
  }
  if (lead.phoneState === "processing") {
    return (
      <Cell cell={cell}>
        <span className="leads-processing" role="status">
          <span className="badge leads-status leads-status--processing">{t("leads.phone.processing")}</span>
          <span className="data-table__detail">
            {t("leads.phone.held", { credits: PHONE_CREDITS })} {t("leads.phone.timing")}
          </span>
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
            : requested.phoneState === "found"
              ? {
                  variant: "success",
                  title: { id: "leads.phone.found" },
                  description: { id: "leads.credits.used", values: { credits: creditsCharged } },
                }
              : {
                  // Under way: the credits are only held until the lookup ends.
                  variant: "success",
                  title: { id: "leads.phone.requested" },
                  description: { id: "leads.phone.held", values: { credits: creditsCharged || PHONE_CREDITS } },
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
