import { useT } from "../i18n/useT";
import { Icon } from "./Icon";
import { Link } from "./Link";

export function UnavailableView() {
  const t = useT();
  return (
    <section className="status-view">
      <Icon name="sparkle" size={36} />
      <h1 className="status-view__title">{t("status.unavailable.title")}</h1>
      <p className="status-view__message">{t("status.unavailable.message")}</p>
    </section>
  );
}

export function NotFoundView() {
  const t = useT();
  return (
    <section className="status-view">
      <p className="status-view__code">404</p>
      <h1 className="status-view__title">{t("status.notFound.title")}</h1>
      <p className="status-view__message">{t("status.notFound.message")}</p>
      <Link href="/market-insights" className="button button--primary">
        {t("status.notFound.home")}
      </Link>
    </section>
  );
}
