import { useId, useRef, type ReactNode } from "react";
import { useT } from "../i18n/useT";
import { Icon } from "../shell/Icon";
import { useDialog } from "./useDialog";

interface Props {
  title: string;
  description?: string;
  onClose: () => void;
  /** The panel's class: "dialog" (wide) or a narrower variant. */
  className?: string;
  children: ReactNode;
}

/** A modal frame: Escape, the close button and a click outside close it; Tab stays inside,
 * the rest of the page is inert while it is open, and focus returns where it was on close. */
export function Modal({ title, description, onClose, className = "dialog", children }: Props) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  useDialog(backdrop, panel, onClose);
  return (
    <div
      ref={backdrop}
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <div>
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="dialog__description">
                {description}
              </p>
            )}
          </div>
          <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
