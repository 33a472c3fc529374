import { usePreload } from "../../shell/context";
import { ErrorScreen } from "../../shell/ErrorScreen";
import { NotFoundView, UnavailableView } from "../../shell/StatusViews";
import { ServiceDemandForm } from "./ServiceDemandForm";

export function StatusPage() {
  const { page, path, site } = usePreload();
  if (page === "unavailable") {
    return (
      <>
        <UnavailableView />
        <ServiceDemandForm feature={path.slice(1)} />
      </>
    );
  }
  if (page === "service-demand") return <ServiceDemandForm asPage />;
  if (page === "not-found") return <NotFoundView />;
  return <ErrorScreen logoutUrl={site.logoutUrl} />;
}
