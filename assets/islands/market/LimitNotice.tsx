import { useT } from "../../i18n/useT";
import { openPricing } from "../../stores/pricing";

/** The free plan's daily searches are used up: the spec's message and the way to the plans. */
export function LimitNotice() {
  const t = useT();
  return (
    <div className="form-alert limit-notice" role="alert">
      <span>{t("market.ai.limit")}</span>
      <button type="button" className="button button--primary button--small" onClick={() => openPricing("market-insights")}>
        {t("market.limit.seePlans")}
      </button>
    </div>
  );
}
