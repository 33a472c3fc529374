import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const LIVE_REGION = '[aria-live], [role="status"], [role="alert"], [data-keep-active]';

/** The elements Tab can reach inside `root`, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest("[inert]"));
}

/**
 * Makes everything outside `root` inert (no clicks, no focus, hidden from assistive
 * technology): each sibling of `root` and of its ancestors up to <body>. Returns the undo.
 */
export function makeOutsideInert(root: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement = root; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute("inert")) continue;
      if (sibling.tagName === "SCRIPT" || sibling.tagName === "STYLE") continue;
      // Live regions (toasts, announcements) stay readable while the dialog is open.
      if (sibling.matches(LIVE_REGION)) continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.removeAttribute("inert");
  };
}

/**
 * The behaviour of a modal dialog whose panel is `panel` and whose outermost element is
 * `root` (the backdrop): focus moves into the panel, Tab and Shift+Tab stay inside it, the rest
 * of the page is inert, Escape calls `onClose`, and on close focus returns to the element that
 * had it (or, when that element is gone, to `fallback()`).
 */
export function useDialog(
  root: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  onClose: () => void,
  fallback?: () => HTMLElement | null,
): void {
  const close = useRef(onClose);
  const restoreTo = useRef(fallback);
  useEffect(() => {
    close.current = onClose;
    restoreTo.current = fallback;
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = root.current ? makeOutsideInert(root.current) : () => undefined;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close.current();
        return;
      }
      const box = panel.current;
      if (event.key !== "Tab" || !box) return;
      const items = focusableIn(box);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        box.focus();
      } else if (event.shiftKey && (document.activeElement === first || document.activeElement === box)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !box.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      undoInert();
      const target = previous && previous.isConnected && previous !== document.body ? previous : restoreTo.current?.();
      target?.focus();
    };
    // Set up once, when the dialog opens; the latest callbacks are read through the refs.
  }, [root, panel]);
}
