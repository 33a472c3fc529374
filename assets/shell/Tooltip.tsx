import { useEffect, useId, useState, type ReactNode } from "react";

/**
 * The shared tooltip (at most 500px wide, see styles.css) shown on hover and keyboard focus;
 * Escape hides it without moving focus (WCAG 1.4.13).
 */
export function Tooltip({ label, children, disabled = false }: { label: string; children: ReactNode; disabled?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  if (disabled) return <>{children}</>;
  return (
    <span
      className="tooltip-anchor"
      aria-describedby={open ? id : undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className="tooltip">
          {label}
        </span>
      )}
    </span>
  );
}
