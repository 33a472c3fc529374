import { useIntl } from "react-intl";
import { periodCoverage, type Coverage, type MarketFilters } from "../../api/market";
import { formatDate, formatMonth } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { useT } from "../../i18n/useT";

/** What the data covers: its first and last month, shipments, sources and last import. */
export function CoverageNote({ coverage }: { coverage: Coverage | undefined }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  if (!coverage) return null;
  if (!coverage.firstDate || !coverage.lastDate) {
    return <p className="market-coverage">{t("market.coverage.none")}</p>;
  }
  const values = {
    first: formatMonth(coverage.firstDate.slice(0, 7), language),
    last: formatMonth(coverage.lastDate.slice(0, 7), language),
    shipments: intl.formatNumber(coverage.shipments),
  };
  return (
    <p className="market-coverage">
      {t(coverage.demo ? "market.coverage.lineDemo" : "market.coverage.line", values)}
      {coverage.updatedAt && (
        <span className="market-coverage__detail">{t("market.coverage.updated", { date: formatDate(coverage.updatedAt, language) })}</span>
      )}
    </p>
  );
}

interface NoticeProps {
  filters: Pick<MarketFilters, "startDate" | "endDate">;
  coverage: Coverage | undefined;
  onUseLatest: () => void;
}

/** Says so when the searched period lies wholly or partly outside the data's dates. */
export function PeriodNotice({ filters, coverage, onUseLatest }: NoticeProps) {
  const t = useT();
  const language = useLanguage();
  const where = periodCoverage(filters, coverage);
  if (!coverage?.firstDate || !coverage.lastDate || (where !== "outside" && where !== "partly")) return null;
  const values = {
    first: formatMonth(coverage.firstDate.slice(0, 7), language),
    last: formatMonth(coverage.lastDate.slice(0, 7), language),
  };
  return (
    <div className={`period-notice period-notice--${where}`} role="status">
      <p>{t(where === "outside" ? "market.coverage.outside" : "market.coverage.partly", values)}</p>
      {where === "outside" && (
        <button type="button" className="button button--secondary button--small" onClick={onUseLatest}>
          {t("market.coverage.useLatest")}
        </button>
      )}
    </div>
  );
}
