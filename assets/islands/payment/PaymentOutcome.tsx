import { useEffect } from "react";
import { planTexts, usePlans } from "../../api/billing";
import { formatMoney } from "../../i18n/format";
import { useLanguageStore } from "../../i18n/language";
import { isMessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { showToast } from "../../stores/toast";
import { usePreload } from "../../shell/context";
import type { PaymentOrder } from "../../shell/preload";
import { Link } from "../../shell/Link";

export const PAYMENT_REDIRECT_DELAY_MS = 2500;

/** The notice's text: the order itself when the page came back with one, the product when its
 * name is one the product sells, and otherwise the spec's generic notice, so an address can
 * never make the page confirm something that was not bought. */
function useOutcomeText(success: boolean, productName: string, order: PaymentOrder | null): string {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const { data: plans } = usePlans();
  if (order) {
    const plan = plans?.find((item) => item.id === order.planId);
    const values = {
      order: order.id,
      plan: plan ? planTexts(plan, language).name : order.planName,
      amount: formatMoney(order.amount, order.currency, language),
    };
    if (order.status === "paid") return t("payment.orderPaid", values);
    return t(success && order.status === "pending" ? "payment.orderPending" : "payment.orderNotPaid", values);
  }
  const productKey = `product.${productName}`;
  if (!isMessageKey(productKey)) return t(success ? "payment.successGeneric" : "payment.failedGeneric");
  return t(success ? "payment.successBody" : "payment.failedBody", { product: t(productKey) });
}

/** The page a checkout returns to: a notice, then back to the product that was bought. */
export function PaymentOutcome() {
  const t = useT();
  const { page, data } = usePreload();
  const success = page === "success";
  const target = data.target ?? null;
  const text = useOutcomeText(success, data.productName ?? "", data.order ?? null);
  useEffect(() => {
    showToast({ variant: success ? "success" : "error", title: { id: success ? "payment.success" : "payment.failed" } });
    if (!target) return;
    const timer = setTimeout(() => window.location.assign(target), PAYMENT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, target]);
  return (
    <section className={`card outcome outcome--${success ? "success" : "failed"}`}>
      <h1 className="outcome__title">{t(success ? "payment.success" : "payment.failed")}</h1>
      <p>{text}</p>
      {target ? (
        <p className="muted">{t("payment.redirecting")}</p>
      ) : (
        <Link href="/" className="button button--primary">
          {t("payment.continue")}
        </Link>
      )}
    </section>
  );
}
