import { useIntl } from "react-intl";
import { useT } from "../i18n/useT";

interface Props {
  /** The number of matches of the last search; undefined before the first search. */
  total: number | undefined;
  /** The total is the database's estimate. */
  totalIsEstimate?: boolean;
  loading: boolean;
}

/**
 * A polite live region that says how many results a search found. It is rendered before any
 * search runs, so screen readers already watch it when the first count arrives.
 */
export function ResultCount({ total, totalIsEstimate = false, loading }: Props) {
  const t = useT();
  const intl = useIntl();
  let message = "";
  if (loading) message = t("results.searching");
  else if (total !== undefined)
    message = t(totalIsEstimate ? "results.countAbout" : "results.count", { count: total, total: intl.formatNumber(total) });
  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
