import { useEffect } from "react";
import { useAnalytics } from "./context";

/** Reports the page view once the page is on screen. */
export function PageViewTracker() {
  const analytics = useAnalytics();
  useEffect(() => {
    analytics.pageView();
  }, [analytics]);
  return null;
}
