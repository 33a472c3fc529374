import { useEffect, useRef } from "react";
import { useT, useTextFormatter } from "../i18n/useT";
import { useToastStore, type Toast } from "../stores/toast";
import { Icon } from "./Icon";

export const TOAST_HOTKEY = "F8";

function ToastCard({ toast }: { toast: Toast }) {
  const t = useT();
  const format = useTextFormatter();
  const dismiss = useToastStore((state) => state.dismiss);
  const urgent = toast.variant === "error" || toast.variant === "destructive";
  return (
    <li className={`toast toast--${toast.variant}`} data-state={toast.open ? "open" : "closed"}>
      {/* The message is the live region; the list item keeps its role, which a list needs. */}
      <div className="toast__body" role={urgent ? "alert" : "status"}>
        <p className="toast__title">{format(toast.title)}</p>
        {toast.description && <p className="toast__description">{format(toast.description)}</p>}
      </div>
      <button type="button" className="icon-button" aria-label={t("common.close")} onClick={() => dismiss(toast.id)}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** The toast area; F8 moves keyboard focus into it. */
export function Toaster() {
  const t = useT();
  const toasts = useToastStore((state) => state.toasts);
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <section aria-label={t("toast.region")} className="toaster">
      <ol ref={region} tabIndex={-1} className="toaster__list">
        {toasts.filter((toast) => toast.open).map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
