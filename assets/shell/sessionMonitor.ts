import { useEffect } from "react";
import { refreshSession } from "../api/billing";
import { ApiError } from "../api/client";

/** How often a signed-in page renews its session (spec §9, monitor interval). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/** Sign-in, coming back to this very page afterwards. */
export function signInAgainUrl(location: Location = window.location): string {
  return `/signin?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * While a user is signed in, renews the session every minute so it does not lapse during a long
 * stay on one page; once the session is gone (401) the user is sent to sign in again.
 */
export function useSessionMonitor(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let pending = false;
    const timer = setInterval(() => {
      if (pending) return;
      pending = true;
      refreshSession()
        .catch((failure: unknown) => {
          if (failure instanceof ApiError && failure.status === 401) {
            clearInterval(timer);
            window.location.assign(signInAgainUrl());
          } else {
            console.warn("The session could not be renewed", failure);
          }
        })
        .finally(() => {
          pending = false;
        });
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn]);
}
