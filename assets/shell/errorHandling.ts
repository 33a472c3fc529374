import { useCallback } from "react";
import { handleApiError, type ErrorHandlerDeps } from "../api/errors";
import { showToast } from "../stores/toast";
import type { Analytics } from "./analytics";
import { useAnalytics } from "./context";

export function browserErrorDeps(analytics: Analytics): ErrorHandlerDeps {
  return {
    notify: showToast,
    analytics,
    redirect: (path) => window.location.assign(path),
    log: console,
  };
}

/** The product's error handler, for calls made outside the query cache (form submissions). */
export function useApiErrorHandler(): (error: unknown) => void {
  const analytics = useAnalytics();
  return useCallback((error: unknown) => handleApiError(error, browserErrorDeps(analytics)), [analytics]);
}
