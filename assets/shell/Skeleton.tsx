import { useT } from "../i18n/useT";

/** The loading placeholder: three bars. */
export function Skeleton() {
  const t = useT();
  return (
    <div className="skeleton" role="status" aria-label={t("common.loading")}>
      <span className="skeleton__bar" />
      <span className="skeleton__bar" />
      <span className="skeleton__bar" />
    </div>
  );
}
