import { useEffect } from "react";
import { STATUS_TEXTS, useMyVerifications } from "../api/verification";
import { useT } from "../i18n/useT";
import { useVerificationStore, visibleNotifications, type Verification } from "../stores/verification";
import { Icon } from "./Icon";

export const NOTIFICATION_WIDTH_PX = 300;
const TOP_PX = 24;
const STEP_PX = 80;

export function noticeTop(index: number): number {
  return TOP_PX + STEP_PX * index;
}

function NoticeCard({ verification, index }: { verification: Verification; index: number }) {
  const t = useT();
  const openResult = useVerificationStore((state) => state.openResult);
  const remove = useVerificationStore((state) => state.remove);
  const markSeen = useVerificationStore((state) => state.markSeen);
  // A finished card is shown on this page only: the next page leaves it out.
  const finished = !verification.loading;
  useEffect(() => {
    if (finished) markSeen(verification.id);
  }, [finished, verification.id, markSeen]);
  // A finished run's card names its verdict, as the result and the drawer do.
  const { data: runs } = useMyVerifications(!verification.loading);
  const verdict = runs?.find((run) => String(run.companyId) === verification.id)?.status;
  let status: string;
  if (verification.loading) status = t("verification.notice.running", { progress: verification.progress });
  else if (verdict) status = t("verification.notice.verdict", { status: t(STATUS_TEXTS[verdict]) });
  else if (verification.isDone) status = t("verification.notice.done");
  else status = t("verification.notice.failed");
  return (
    <div className="notice" style={{ top: noticeTop(index), width: NOTIFICATION_WIDTH_PX }}>
      <button type="button" className="notice__open" aria-disabled={!verification.isDone} onClick={() => openResult(verification.id)}>
        <span className="notice__name">{verification.name}</span>
        <span className="notice__status">{status}</span>
        <progress className="notice__progress" max={100} value={verification.progress} aria-label={verification.name} />
      </button>
      {!verification.loading && (
        <button
          type="button"
          className="icon-button notice__close"
          aria-label={t("verification.notice.dismiss", { name: verification.name })}
          onClick={() => remove(verification.id)}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </div>
  );
}

/** Floating cards of hidden verifications, stacked at the top right of every page (spec §2). */
export function NotificationStack() {
  const verifications = useVerificationStore((state) => state.verifications);
  return (
    <div className="notice-stack" aria-live="polite">
      {visibleNotifications(verifications).map((verification, index) => (
        <NoticeCard key={verification.id} verification={verification} index={index} />
      ))}
    </div>
  );
}
