import { useProfile } from "../../api/accounts";
import { downloadHref } from "../../api/market";
import { useT } from "../../i18n/useT";
import { Tooltip } from "../../shell/Tooltip";
import { openPricing } from "../../stores/pricing";

const FORMATS = [
  { format: "csv", label: "market.download.csv" },
  { format: "xlsx", label: "market.download.excel" },
] as const;

/** The records a download holds (spec §9: 100 per plan); the server's DOWNLOAD_RECORDS. */
export const DOWNLOAD_LIMIT = 100;

function Limit() {
  const t = useT();
  return <p className="market-downloads__limit">{t("market.download.limit", { count: DOWNLOAD_LIMIT })}</p>;
}

/** CSV and Excel downloads of the search (the first 100 records, as said beside them); a paid plan is needed. */
export function Downloads({ query }: { query: string | null }) {
  const t = useT();
  const { data: profile } = useProfile();
  const free = profile?.userSubscription?.plan.key === "free";
  if (free) {
    return (
      <div className="market-downloads">
        <Limit />
        {FORMATS.map(({ format, label }) => (
          <Tooltip key={format} label={t("market.download.paidOnly")}>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-disabled="true"
              onClick={() => openPricing("market-insights")}
            >
              {t(label)}
            </button>
          </Tooltip>
        ))}
      </div>
    );
  }
  return (
    <div className="market-downloads">
      <Limit />
      {FORMATS.map(({ format, label }) =>
        query === null ? (
          <button key={format} type="button" className="button button--secondary button--small" disabled>
            {t(label)}
          </button>
        ) : (
          <a key={format} className="button button--secondary button--small" href={downloadHref(format, query)} download>
            {t(label)}
          </a>
        ),
      )}
    </div>
  );
}
