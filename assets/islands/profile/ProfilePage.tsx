import { useProfile, type Profile } from "../../api/accounts";
import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { PageHeader } from "../../shell/PageHeader";
import { Skeleton } from "../../shell/Skeleton";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="field-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Subscription({ profile }: { profile: Profile }) {
  const t = useT();
  const subscription = profile.userSubscription;
  return (
    <dl className="fields">
      <Field label={t("profile.plan")} value={subscription?.plan?.name ?? t("profile.noSubscription")} />
      {subscription && <Field label={t("profile.status")} value={subscription.status} />}
      <Field label={t("profile.queriesToday")} value={String(profile.totalUserQueryLogsInDay ?? 0)} />
    </dl>
  );
}

export function ProfilePage() {
  const t = useT();
  const { user } = usePreload();
  const { data: profile, isLoading } = useProfile();
  return (
    <>
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <div className="card-grid">
        <section className="card">
          <h2 className="card__title">{t("profile.account")}</h2>
          <dl className="fields">
            <Field label={t("profile.name")} value={user?.name || t("profile.notSet")} />
            <Field label={t("profile.email")} value={user?.email ?? ""} />
          </dl>
        </section>
        <section className="card">
          <h2 className="card__title">{t("profile.subscription")}</h2>
          {isLoading ? <Skeleton /> : profile ? <Subscription profile={profile} /> : <p className="muted">{t("profile.unavailable")}</p>}
        </section>
      </div>
    </>
  );
}
