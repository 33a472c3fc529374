import { useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import {
  cancelOrder,
  planTexts,
  useBilling,
  usePlans,
  type Billing,
  type LedgerEntry,
  type Order,
} from "../../api/billing";
import { useLanguageStore } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { Skeleton } from "../../shell/Skeleton";
import { showToast } from "../../stores/toast";
import { labelFor } from "../../i18n/labels";
import { formatDateTime, formatMoney } from "../../i18n/format";

/** What a credit movement was for, in the reader's language: the person, company or order it
 * concerns. An internal reference is never shown. */
function LedgerDetail({ entry }: { entry: LedgerEntry }) {
  const t = useT();
  let detail: string | null = null;
  if (entry.topic === "order" && entry.orderId !== null) detail = t("ledger.topic.order", { order: entry.orderId });
  else if (entry.topic === "lead-email" || entry.topic === "lead-phone" || entry.topic === "verification")
    detail = t(`ledger.topic.${entry.topic}`, { subject: entry.reason });
  else if (entry.topic === "demo") detail = t("ledger.topic.demo");
  return detail ? <span className="data-table__detail">{detail}</span> : null;
}

function OrdersTable({ orders, onCancelled }: { orders: Order[]; onCancelled: () => void }) {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const handleError = useApiErrorHandler();
  const { data: plans } = usePlans();
  const [cancelling, setCancelling] = useState<number | null>(null);
  if (orders.length === 0) return <p className="table-empty">{t("orders.empty")}</p>;
  const planName = (order: Order) => {
    const plan = plans?.find((item) => item.id === order.planId);
    return plan ? planTexts(plan, language).name : order.planName;
  };
  const cancel = (order: Order) => {
    setCancelling(order.id);
    cancelOrder(order.id)
      .then(() => {
        showToast({ variant: "success", title: { id: "orders.cancelled" } });
        onCancelled();
      }, handleError)
      .finally(() => setCancelling(null));
  };
  const label = {
    date: t("orders.date"),
    product: t("orders.product"),
    plan: t("orders.plan"),
    amount: t("orders.amount"),
    status: t("orders.status"),
  };
  return (
    <div className="table-scroll">
      <table className="data-table data-table--stack">
        <thead>
          <tr>
            <th scope="col">{label.date}</th>
            <th scope="col">{label.product}</th>
            <th scope="col">{label.plan}</th>
            <th scope="col" className="data-table__number">
              {label.amount}
            </th>
            <th scope="col">{label.status}</th>
            <th scope="col">
              <span className="sr-only">{t("orders.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td data-label={label.date}>{formatDateTime(order.createdAt, language)}</td>
              <td data-label={label.product}>{labelFor(t, "product", order.product)}</td>
              <td data-label={label.plan}>{planName(order)}</td>
              <td className="data-table__number" data-label={label.amount}>
                {formatMoney(order.amount, order.currency, language)}
              </td>
              <td data-label={label.status}>
                <span className={`status-badge status-badge--${order.status}`}>{labelFor(t, "billingStatus", order.status)}</span>
              </td>
              <td className="data-table__action">
                {order.status === "pending" && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={cancelling !== null}
                    aria-busy={cancelling === order.id || undefined}
                    aria-label={t("orders.cancelOrder", { id: order.id })}
                    onClick={() => cancel(order)}
                  >
                    {t("orders.cancel")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguageStore((state) => state.language);
  if (entries.length === 0) return <p className="table-empty">{t("ledger.empty")}</p>;
  const label = {
    date: t("ledger.date"),
    change: t("ledger.change"),
    bucket: t("ledger.bucket"),
    reason: t("ledger.reason"),
    balanceAfter: t("ledger.balanceAfter"),
  };
  return (
    <div className="table-scroll">
      <table className="data-table data-table--stack">
        <thead>
          <tr>
            <th scope="col">{label.date}</th>
            <th scope="col" className="data-table__number">
              {label.change}
            </th>
            <th scope="col">{label.bucket}</th>
            <th scope="col">{label.reason}</th>
            <th scope="col" className="data-table__number">
              {label.balanceAfter}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={label.date}>{formatDateTime(entry.createdAt, language)}</td>
              <td
                className={`data-table__number ${entry.amount < 0 ? "amount--spent" : "amount--added"}`}
                data-label={label.change}
              >
                {intl.formatNumber(entry.amount, { signDisplay: "exceptZero" })}
              </td>
              <td data-label={label.bucket}>{labelFor(t, "ledger.bucket", entry.bucket)}</td>
              <td data-label={label.reason}>
                {labelFor(t, "ledger.kind", entry.kind)}
                <LedgerDetail entry={entry} />
              </td>
              <td className="data-table__number" data-label={label.balanceAfter}>
                {intl.formatNumber(entry.balanceAfter)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The user's orders (a pending one can be cancelled) and credit movements, newest first. */
export function BillingHistory() {
  const t = useT();
  const { data: billing, error, mutate } = useBilling();
  const content = (table: (loaded: Billing) => ReactNode) => {
    if (billing) return table(billing);
    return error ? <p className="muted">{t("billing.unavailable")}</p> : <Skeleton />;
  };
  return (
    <>
      <section className="card">
        <h2 className="card__title">{t("orders.title")}</h2>
        {content((loaded) => (
          <OrdersTable orders={loaded.orders} onCancelled={() => void mutate()} />
        ))}
      </section>
      <section className="card">
        <h2 className="card__title">{t("ledger.title")}</h2>
        {content((loaded) => (
          <LedgerTable entries={loaded.ledger} />
        ))}
      </section>
    </>
  );
}
