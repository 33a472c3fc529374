import type { ReactNode } from "react";
import { Modal } from "./Modal";

interface Props {
  title: string;
  description?: string;
  onClose: () => void;
  /** wide: a profile with tables and charts; narrow: a list. */
  width?: "wide" | "narrow";
  children: ReactNode;
}

/** A panel over the right of the page, the whole screen on a phone: a modal dialog, so Escape,
 * the close button and a click beside it close it, Tab stays inside, and focus returns on close. */
export function Drawer({ title, description, onClose, width = "wide", children }: Props) {
  return (
    <Modal title={title} description={description} onClose={onClose} className={`dialog drawer drawer--${width}`}>
      {children}
    </Modal>
  );
}
