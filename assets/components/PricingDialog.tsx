import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useProfile } from "../api/accounts";
import {
  currentPlanId,
  groupPlansByProduct,
  planTexts,
  startCheckout,
  usePlans,
  type Plan,
  type PricedProduct,
} from "../api/billing";
import { ApiError } from "../api/client";
import { useLanguageStore } from "../i18n/language";
import type { MessageKey } from "../i18n/messages";
import { useT } from "../i18n/useT";
import { useAnalytics, usePreload } from "../shell/context";
import { useApiErrorHandler } from "../shell/errorHandling";
import { Skeleton } from "../shell/Skeleton";
import { closePricing, pricingFromSearch, pricingProduct, showPricing, usePricingStore } from "../stores/pricing";
import { showToast } from "../stores/toast";
import { Modal } from "./Modal";
import { formatMoney } from "../i18n/format";

const TEXTS: Record<PricedProduct, { title: MessageKey; description: MessageKey; note: MessageKey }> = {
  "market-insights": {
    title: "pricing.marketInsights.title",
    description: "pricing.marketInsights.description",
    note: "pricing.marketInsights.note",
  },
  "lead-sourcing": {
    title: "pricing.leadSourcing.title",
    description: "pricing.leadSourcing.description",
    note: "pricing.leadSourcing.note",
  },
};

interface CardProps {
  plan: Plan;
  current: boolean;
  busy: boolean;
  locked: boolean;
  onBuy: (plan: Plan) => void;
}

function PlanCard({ plan, current, busy, locked, onBuy }: CardProps) {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const texts = planTexts(plan, language);
  const money = (amount: number) => formatMoney(amount, plan.currency, language);
  const free = plan.kind === "free";
  const listPrice = plan.priceWithoutDiscount > plan.price ? plan.priceWithoutDiscount : null;
  let action = texts.buttonText;
  if (current) action = t("pricing.currentPlan");
  else if (free) action = t("pricing.included");
  else if (busy) action = t("pricing.redirecting");
  return (
    <li className="plan-card" data-current={current || undefined}>
      <div className="plan-card__head">
        <h3 className="plan-card__name">{texts.name}</h3>
        {plan.discount > 0 && <span className="plan-card__discount">-{plan.discount}%</span>}
        {current && <span className="plan-card__current">{t("pricing.currentPlan")}</span>}
      </div>
      {texts.planTitle && <p className="plan-card__title">{texts.planTitle}</p>}
      <p className="plan-card__price">
        <strong className="plan-card__amount">{free ? t("pricing.free") : money(plan.price)}</strong>
        {plan.period && <span className="muted">{t(plan.period === "day" ? "pricing.perDay" : "pricing.perMonth")}</span>}
        {listPrice !== null && (
          <s className="plan-card__list-price">
            <span className="sr-only">{t("pricing.listPrice")} </span>
            {money(listPrice)}
          </s>
        )}
      </p>
      {texts.description && <p className="plan-card__description">{texts.description}</p>}
      {texts.planUnitSellingPoints.length > 0 && (
        <ul className="plan-card__points">
          {texts.planUnitSellingPoints.map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className={`button button--block ${current || free ? "button--secondary" : "button--primary"}`}
        disabled={current || free || locked}
        aria-busy={busy || undefined}
        onClick={() => onBuy(plan)}
      >
        {action}
      </button>
    </li>
  );
}

/** One product's plans as cards; a paid plan goes to checkout, a free one never does. */
export function PricingDialog({ product, onClose }: { product: PricedProduct; onClose: () => void }) {
  const t = useT();
  const analytics = useAnalytics();
  const handleError = useApiErrorHandler();
  const language = useLanguageStore((state) => state.language);
  const { data: plans, error } = usePlans();
  const { data: profile } = useProfile();
  const [buying, setBuying] = useState<number | null>(null);
  const productPlans = useMemo(() => groupPlansByProduct(plans ?? [])[product] ?? [], [plans, product]);
  const current = currentPlanId(profile, product, productPlans);

  const buy = (plan: Plan) => {
    if (plan.kind === "free" || buying !== null) return;
    setBuying(plan.id);
    analytics.event("subscription", "checkout_start", `${product}:${plan.key}`);
    startCheckout(product, plan.key, language).catch((failure: unknown) => {
      setBuying(null);
      handleError(failure);
      if (failure instanceof ApiError && failure.status === 503) {
        showToast({ variant: "error", title: { id: "error.generic" } });
      }
    });
  };

  const texts = TEXTS[product];
  let body: ReactNode;
  if (!plans) body = error ? <p className="muted">{t("pricing.unavailable")}</p> : <Skeleton />;
  else if (productPlans.length === 0) body = <p className="muted">{t("pricing.empty")}</p>;
  else
    body = (
      <ul className="plan-grid">
        {productPlans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            // Credit packs can be bought again and again, so none is ever the current plan.
            current={plan.kind !== "credits" && plan.id === current}
            busy={buying === plan.id}
            locked={buying !== null}
            onBuy={buy}
          />
        ))}
      </ul>
    );
  return (
    <Modal title={t(texts.title)} description={t(texts.description)} onClose={onClose}>
      {body}
      <p className="dialog__note hint">{t(texts.note)}</p>
    </Modal>
  );
}

/**
 * Shows the pricing dialog that `?pricing=` names: on load (from the page's search parameters),
 * on Back and Forward, and when a feature calls openPricing().
 */
export function PricingDialogHost() {
  const { search } = usePreload();
  const product = usePricingStore((state) => state.product);
  useEffect(() => {
    showPricing(pricingProduct(search.pricing));
    const follow = () => showPricing(pricingFromSearch(window.location.search));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [search.pricing]);
  return product ? <PricingDialog key={product} product={product} onClose={closePricing} /> : null;
}
