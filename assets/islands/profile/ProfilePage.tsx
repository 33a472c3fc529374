import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { useProfile, type Profile } from "../../api/accounts";
import {
  isPricedProduct,
  planTexts,
  PRODUCT_NAMES,
  queriesLeft,
  trialTimeLeft,
  type Subscription,
} from "../../api/billing";
import { useLanguageStore } from "../../i18n/language";
import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { LanguageSwitcher } from "../../shell/LanguageSwitcher";
import { PageHeader } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";
import { openPricing } from "../../stores/pricing";
import { BillingHistory } from "./BillingHistory";
import { ContactRequests } from "./ContactRequests";
import { SavedSearches } from "./SavedSearches";
import { labelFor } from "../../i18n/labels";
import { formatDate } from "../../i18n/format";
import { DataTable, type Column } from "../../components/DataTable";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function TrialLeft({ subscription }: { subscription: Subscription }) {
  const t = useT();
  const left = trialTimeLeft(subscription.trialEndsAt);
  if (!left) return null;
  return (
    <span className="trial-badge">
      {t(left.unit === "day" ? "profile.trialDays" : "profile.trialHours", { count: left.count })}
    </span>
  );
}

function PlansTable({ subscriptions }: { subscriptions: Subscription[] }) {
  const t = useT();
  const language = useLanguageStore((state) => state.language);
  const columns: Column<Subscription>[] = [
    { key: "product", label: t("orders.product"), cell: (subscription) => labelFor(t, "product", subscription.product) },
    {
      key: "plan",
      label: t("profile.plan"),
      cell: (subscription) => (
        <>
          {planTexts(subscription.plan, language).name}
          <TrialLeft subscription={subscription} />
        </>
      ),
    },
    {
      key: "status",
      label: t("profile.status"),
      cell: (subscription) => (
        <span className={`status-badge status-badge--${subscription.status}`}>{labelFor(t, "billingStatus", subscription.status)}</span>
      ),
    },
    {
      key: "ends",
      label: t("profile.endsAt"),
      cell: (subscription) => (subscription.endsAt ? formatDate(subscription.endsAt, language) : t("profile.noEndDate")),
    },
    {
      key: "actions",
      label: t("orders.actions"),
      action: true,
      cell: ({ product }) =>
        isPricedProduct(product) && (
          <button type="button" className="button button--ghost button--small" onClick={() => openPricing(product)}>
            {t("profile.seePlans")}
          </button>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={subscriptions}
      rowKey={(subscription) => subscription.product}
      empty={t("profile.noSubscription")}
      stack
    />
  );
}

function Usage({ profile }: { profile: Profile }) {
  const t = useT();
  const intl = useIntl();
  const left = queriesLeft(profile);
  const { credits } = profile;
  return (
    <dl className="fields">
      <Field
        label={t("profile.queriesLeft")}
        value={left === undefined ? t("profile.notSet") : left === null ? t("usage.unlimited") : intl.formatNumber(left)}
      />
      <Field label={t("profile.queriesToday")} value={intl.formatNumber(profile.totalUserQueryLogsInDay ?? 0)} />
      {credits && (
        <>
          <Field
            label={t("profile.creditsFree")}
            value={t("profile.creditsFreeValue", {
              free: intl.formatNumber(credits.free),
              allowance: intl.formatNumber(credits.dailyAllowance),
            })}
          />
          <Field label={t("profile.creditsBought")} value={intl.formatNumber(credits.bought)} />
          <Field label={t("profile.creditsTotal")} value={<strong>{intl.formatNumber(credits.balance)}</strong>} />
        </>
      )}
    </dl>
  );
}

/** One subscription per product, in the sidebar's order of products. */
function subscriptionsOf(profile: Profile): Subscription[] {
  const listed = profile.subscriptions ?? (profile.userSubscription ? [profile.userSubscription] : []);
  const rank = (product: string) => {
    const index = (PRODUCT_NAMES as readonly string[]).indexOf(product);
    return index < 0 ? PRODUCT_NAMES.length : index;
  };
  return [...listed].sort((a, b) => rank(a.product) - rank(b.product));
}

export function ProfilePage() {
  const t = useT();
  const { user } = usePreload();
  const { data: profile, error } = useProfile();
  const whenLoaded = (loaded: (value: Profile) => ReactNode) => {
    if (profile) return loaded(profile);
    return error || profile === null ? <p className="muted">{t("profile.unavailable")}</p> : <Skeleton />;
  };
  return (
    <>
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <div className="profile-layout">
        <div className="card-grid">
          <section className="card">
            <h2 className="card__title">{t("profile.account")}</h2>
            <dl className="fields">
              <Field label={t("profile.name")} value={user?.name || t("profile.notSet")} />
              <Field label={t("profile.email")} value={user?.email ?? ""} />
              <Field label={t("language.label")} value={<LanguageSwitcher />} />
            </dl>
          </section>
          <section className="card">
            <h2 className="card__title">{t("profile.usage")}</h2>
            {whenLoaded((loaded) => (
              <Usage profile={loaded} />
            ))}
          </section>
        </div>
        <section className="card">
          <h2 className="card__title">{t("profile.subscription")}</h2>
          {whenLoaded((loaded) => (
            <PlansTable subscriptions={subscriptionsOf(loaded)} />
          ))}
        </section>
        <BillingHistory />
        <SavedSearches />
        <ContactRequests />
      </div>
    </>
  );
}
