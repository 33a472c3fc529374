import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
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
import { Icon } from "../shell/Icon";
import { Skeleton } from "../shell/Skeleton";
import { closePricing, pricingFromSearch, pricingProduct, showPricing, usePricingStore } from "../stores/pricing";
import { showToast } from "../stores/toast";
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

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** A modal frame: Escape, the close button and a click outside close it; Tab stays inside. */
function Modal({ title, description, onClose, children }: { title: string; description: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [onClose]);
  const keepFocusInside = (event: ReactKeyboardEvent) => {
    if (event.key !== "Tab" || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        <header className="dialog__header">
          <div>
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          </div>
          <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

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
