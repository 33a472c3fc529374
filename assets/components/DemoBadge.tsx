import { useT } from "../i18n/useT";

/** Marks generated demo data (a demo company, its people) wherever it is shown. */
export function DemoBadge({ className = "" }: { className?: string }) {
  const t = useT();
  return <span className={`badge demo-badge ${className}`.trim()}>{t("market.demo.badge")}</span>;
}
