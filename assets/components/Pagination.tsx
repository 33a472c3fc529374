import { useId, useRef } from "react";
import { useIntl } from "react-intl";
import { useT } from "../i18n/useT";

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The total is the database's estimate (a large match count), shown as "about". */
  totalIsEstimate?: boolean;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The navigation's name, when a page holds more than one paged list. */
  label?: string;
}

/** Previous / next, "page x of y", the total and the page size of a paged list. */
export function Pagination({ page, pageSize, total, totalIsEstimate = false, pageSizes, onPage, onPageSize, label }: Props) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // A button that becomes disabled drops its focus to the page: on the first or last page,
  // focus moves to the other button first.
  const go = (target: number) => {
    if (target <= 1) next.current?.focus();
    else if (target >= pages) previous.current?.focus();
    onPage(target);
  };
  return (
    <nav className="pagination" aria-label={label ?? t("pagination.label")}>
      <span className="pagination__total">{t(totalIsEstimate ? "pagination.totalAbout" : "pagination.total", { total: intl.formatNumber(total) })}</span>
      <label htmlFor={id} className="pagination__size">
        {t("pagination.pageSize")}
        <select id={id} className="select" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <button ref={previous} type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t("pagination.previous")}
      </button>
      <span className="pagination__page" aria-live="polite">
        {t("pagination.pageOf", { page: intl.formatNumber(page), pages: intl.formatNumber(pages) })}
      </span>
      <button ref={next} type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t("pagination.next")}
      </button>
    </nav>
  );
}
