import { useEffect } from "react";
import { labelFor } from "../../i18n/labels";
import { useT } from "../../i18n/useT";
import { showToast } from "../../stores/toast";
import { usePreload } from "../../shell/context";
import { Link } from "../../shell/Link";

export const PAYMENT_REDIRECT_DELAY_MS = 2500;

/** The page a checkout returns to: a notice, then back to the product that was bought. */
export function PaymentOutcome() {
  const t = useT();
  const { page, data } = usePreload();
  const success = page === "success";
  const target = data.target ?? null;
  useEffect(() => {
    showToast({ variant: success ? "success" : "error", title: { id: success ? "payment.success" : "payment.failed" } });
    if (!target) return;
    const timer = setTimeout(() => window.location.assign(target), PAYMENT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, target]);
  const product = labelFor(t, "product", data.productName ?? "");
  return (
    <section className={`card outcome outcome--${success ? "success" : "failed"}`}>
      <h1 className="outcome__title">{t(success ? "payment.success" : "payment.failed")}</h1>
      <p>{t(success ? "payment.successBody" : "payment.failedBody", { product })}</p>
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
