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
import { DataTable, type Column } from "../../components/DataTable";
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
  const columns: Column<Order>[] = [
    { key: "date", label: t("orders.date"), cell: (order) => formatDateTime(order.createdAt, language) },
    { key: "product", label: t("orders.product"), cell: (order) => labelFor(t, "product", order.product) },
    { key: "plan", label: t("orders.plan"), cell: planName },
    {
      key: "amount",
      label: t("orders.amount"),
      cell: (order) => formatMoney(order.amount, order.currency, language),
      numeric: true,
    },
    {
      key: "status",
      label: t("orders.status"),
      cell: (order) => <span className={`status-badge status-badge--${order.status}`}>{labelFor(t, "billingStatus", order.status)}</span>,
    },
    {
      key: "actions",
      label: t("orders.actions"),
      action: true,
      cell: (order) =>
        order.status === "pending" && (
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
        ),
    },
  ];
  return <DataTable columns={columns} rows={orders} rowKey={(order) => order.id} empty={t("orders.empty")} stack />;
}

function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguageStore((state) => state.language);
  const columns: Column<LedgerEntry>[] = [
    { key: "date", label: t("ledger.date"), cell: (entry) => formatDateTime(entry.createdAt, language) },
    {
      key: "change",
      label: t("ledger.change"),
      cell: (entry) => intl.formatNumber(entry.amount, { signDisplay: "exceptZero" }),
      numeric: true,
      cellClass: (entry) => (entry.amount < 0 ? "amount--spent" : "amount--added"),
    },
    { key: "bucket", label: t("ledger.bucket"), cell: (entry) => labelFor(t, "ledger.bucket", entry.bucket) },
    {
      key: "reason",
      label: t("ledger.reason"),
      cell: (entry) => (
        <>
          {labelFor(t, "ledger.kind", entry.kind)}
          <LedgerDetail entry={entry} />
        </>
      ),
    },
    { key: "balance", label: t("ledger.balanceAfter"), cell: (entry) => intl.formatNumber(entry.balanceAfter), numeric: true },
  ];
  return <DataTable columns={columns} rows={entries} rowKey={(entry) => entry.id} empty={t("ledger.empty")} stack />;
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
