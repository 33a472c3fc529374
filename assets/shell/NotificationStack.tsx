import { useNotificationStore, type VerificationNotice } from "../stores/notifications";

export const NOTIFICATION_WIDTH_PX = 300;
const TOP_PX = 24;
const STEP_PX = 80;

export function noticeTop(index: number): number {
  return TOP_PX + STEP_PX * index;
}

function NoticeCard({ notice, index }: { notice: VerificationNotice; index: number }) {
  const remove = useNotificationStore((state) => state.remove);
  const open = () => {
    if (!notice.isDone) return;
    remove(notice.companyId);
    window.open(`/lead-verification/${encodeURIComponent(notice.companyId)}`, "_blank", "noopener");
  };
  return (
    <button type="button" className="notice" style={{ top: noticeTop(index), width: NOTIFICATION_WIDTH_PX }} onClick={open}>
      <span className="notice__name">{notice.name}</span>
      <progress className="notice__progress" max={100} value={notice.progress} aria-label={notice.name} />
    </button>
  );
}

/** Floating verification cards, stacked at the top right. */
export function NotificationStack() {
  const notices = useNotificationStore((state) => state.notices);
  return (
    <div className="notice-stack" aria-live="polite">
      {notices.map((notice, index) => (
        <NoticeCard key={notice.companyId} notice={notice} index={index} />
      ))}
    </div>
  );
}
