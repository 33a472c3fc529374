import { usePreload } from "../../shell/context";
import { ErrorScreen } from "../../shell/ErrorScreen";
import { NotFoundView, UnavailableView } from "../../shell/StatusViews";

export function StatusPage() {
  const { page, site } = usePreload();
  if (page === "unavailable") return <UnavailableView />;
  if (page === "not-found") return <NotFoundView />;
  return <ErrorScreen logoutUrl={site.logoutUrl} />;
}
