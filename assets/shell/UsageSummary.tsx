import type { MouseEvent } from "react";
import { useIntl } from "react-intl";
import { useProfile } from "../api/accounts";
import { queriesLeft, type PricedProduct } from "../api/billing";
import { useT } from "../i18n/useT";
import { openPricing, pricingHref } from "../stores/pricing";
import { Tooltip } from "./Tooltip";

function PricingLink({ product, label, value }: { product: PricedProduct; label: string; value: string }) {
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openPricing(product);
  };
  return (
    <a href={pricingHref(product)} className="usage__item" onClick={open}>
      <span className="usage__label">{label}</span>
      <strong className="usage__value">{value}</strong>
    </a>
  );
}

/** The top bar's figures from the profile: queries left today and the credit balance. */
export function UsageSummary() {
  const t = useT();
  const intl = useIntl();
  const { data: profile } = useProfile();
  const left = queriesLeft(profile);
  const credits = profile?.credits;
  if (left === undefined && !credits) return null;
  return (
    <div className="usage">
      {left !== undefined && (
        <PricingLink
          product="market-insights"
          label={t("usage.queries")}
          value={left === null ? t("usage.unlimited") : intl.formatNumber(left)}
        />
      )}
      {credits && (
        <Tooltip
          label={t("usage.creditsDetail", {
            free: intl.formatNumber(credits.free),
            allowance: intl.formatNumber(credits.dailyAllowance),
            bought: intl.formatNumber(credits.bought),
          })}
        >
          <PricingLink product="lead-sourcing" label={t("usage.credits")} value={intl.formatNumber(credits.balance)} />
        </Tooltip>
      )}
    </div>
  );
}
