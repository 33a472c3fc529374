import { useId, useState, type ReactNode } from "react";

/** The shared tooltip (at most 500px wide, see styles.css) shown on hover and keyboard focus. */
export function Tooltip({ label, children, disabled = false }: { label: string; children: ReactNode; disabled?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
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
