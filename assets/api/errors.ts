import type { Analytics } from "../shell/analytics";
import { isMessageKey, type MessageKey, type Text } from "../i18n/messages";
import type { ToastInput } from "../stores/toast";
import { ApiError } from "./client";

export interface ErrorHandlerDeps {
  notify: (toast: ToastInput) => void;
  analytics: Analytics;
  redirect: (path: string) => void;
  log: Pick<Console, "warn" | "error">;
}

/** Quota limit the product reports with a quota-blocked event. */
export const QUOTA_LIMIT = 5;
const HOME_PATH = "/";
const SERVER_FAILURES = new Set([500, 502, 503, 504]);
/** A search stopped at its time limit (503): the user is told to narrow it down. */
export const SEARCH_TIMEOUT = "search_timeout";

function contains(text: string | undefined, needle: string): boolean {
  return (text ?? "").toLowerCase().includes(needle);
}

/** The server's input-limit texts, which any form may receive, and their catalogue entries. */
export const INPUT_LIMIT_TEXTS: Record<string, MessageKey> = {
  "Text must not contain control characters": "validation.controlCharacters",
  "Use at most 200 characters": "validation.textLength",
  "Use at most 20 words": "validation.textWords",
  "Use a single line, without line breaks or tabs": "validation.singleLine",
  "Page must be 10000 or less": "validation.pageMax",
  "Page size must be from 1 to 100": "validation.orderPageSize",
};

/** The server's stable error code, translated when the catalogue knows it. */
export function serverText(error: ApiError): Text {
  const { code, message } = error.body.meta ?? {};
  const key = `error.code.${code ?? ""}`;
  if (code && isMessageKey(key)) return { id: key };
  return message ? { text: message } : { id: "error.generic" };
}

function reportStatus(error: ApiError, deps: ErrorHandlerDeps): void {
  if (error.status < 400 || error.status >= 600) return;
  const message = error.body.meta?.message ?? error.body.data?.error ?? error.statusText;
  deps.analytics.error(`api_${error.status}`, message, error.path);
}

function handleForbidden(error: ApiError, deps: ErrorHandlerDeps): void {
  deps.log.warn("Access refused", error.path, error.body);
  if (contains(error.body.data?.error, "query limit exceeded")) {
    deps.notify({ variant: "error", title: { id: "error.queryLimit" } });
    deps.analytics.event("market_insights", "quota_blocked", error.path, { quota_limit: QUOTA_LIMIT });
  } else if (contains(error.body.meta?.message, "insufficient credit")) {
    deps.notify({ variant: "error", title: { id: "error.insufficientCredit" } });
    deps.analytics.event("find_global_buyers", "credit_blocked", error.path);
  } else {
    deps.notify({ variant: "error", title: { id: "error.permission" } });
  }
}

function handleStatus(error: ApiError, deps: ErrorHandlerDeps): void {
  const { status } = error;
  if (status === 0) {
    deps.log.error("Network error", error.path, error.statusText);
  } else if (status === 401) {
    deps.log.warn("Not signed in", error.path);
    deps.notify({ variant: "error", title: { id: "error.permission" } });
    deps.redirect(HOME_PATH);
  } else if (status === 403) {
    handleForbidden(error, deps);
  } else if (status === 404 || status === 422) {
    deps.log.warn(`Request failed with ${status}`, error.path, error.body);
  } else if (status === 409 || status === 429) {
    deps.notify({ variant: "error", title: serverText(error) });
  } else if (SERVER_FAILURES.has(status)) {
    if (contains(error.body.data?.error, "insufficient credit")) {
      deps.notify({ variant: "error", title: { id: "error.queryLimit" } });
    } else if (error.body.meta?.code === SEARCH_TIMEOUT) {
      deps.notify({ variant: "error", title: serverText(error) });
    } else {
      deps.log.error(`Server error ${status}`, error.path, error.body);
    }
  } else {
    deps.notify({ variant: "error", title: { id: "error.generic" } });
  }
}

/** The one handler for failed API calls: the product's error catalogue, row by row. */
export function handleApiError(error: unknown, deps: ErrorHandlerDeps): void {
  if (!(error instanceof ApiError)) {
    deps.log.error("Unexpected failure", error);
    deps.notify({ variant: "error", title: { id: "error.generic" } });
    return;
  }
  handleStatus(error, deps);
  reportStatus(error, deps);
}
