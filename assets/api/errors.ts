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

/**
 * The stable codes of wrong fields (`meta.field_codes`, apps/core/errors.py `Problem`) and their
 * catalogue entries; a field whose code is not here shows the server's message.
 */
const FIELD_CODE_TEXTS: Record<string, MessageKey> = {
  control_characters: "validation.controlCharacters",
  text_too_long: "validation.textLength",
  text_too_many_words: "validation.textWords",
  single_line: "validation.singleLine",
  page_invalid: "market.validation.page",
  page_too_far: "validation.pageMax",
  page_size_invalid: "market.validation.pageSize",
  order_page_size_invalid: "validation.orderPageSize",
  party_or_product_required: "market.validation.oneOf",
  dates_required: "market.validation.period",
  start_date_required: "market.validation.startRequired",
  end_date_required: "market.validation.endRequired",
  start_after_end: "market.validation.order",
  date_invalid: "market.validation.dateFormat",
  country_unknown: "market.validation.country",
  hs_code_invalid: "market.hs.invalid",
  product_needs_letters: "market.validation.productNeedsLetters",
  hs_code_outside_chosen: "market.validation.hsOutsideChosen",
  name_needs_letters: "market.validation.nameNeedsLetters",
  filter_required: "leads.validation.required",
  revenue_range: "leads.validation.revenue",
  founded_year_range: "leads.validation.foundedYear",
  company_size_range: "leads.validation.companySize",
  retail_location_range: "leads.validation.retailLocation",
  not_negative: "leads.validation.notNegative",
  name_required: "savedSearch.error.nameRequired",
  name_too_long: "savedSearch.error.nameTooLong",
  name_or_website_required: "verification.search.required",
  first_name_required: "verification.report.firstNameRequired",
  last_name_required: "verification.report.lastNameRequired",
  email_invalid: "verification.report.emailInvalid",
  phone_required: "verification.report.phoneRequired",
  phone_invalid: "validation.phoneInvalid",
  company_name_required: "verification.report.companyNameRequired",
  report_type_required: "verification.report.typesRequired",
};

/**
 * A 422 answer's first message of each wrong field (by the client's field names), in the
 * interface language when the catalogue knows its code; null for any other failure.
 */
export function fieldTextsOf(error: unknown): Record<string, Text> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const codes = error.body.meta?.fieldCodes ?? {};
  const texts: Record<string, Text> = {};
  for (const [field, messages] of Object.entries(error.body.data?.fields ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const key = FIELD_CODE_TEXTS[codes[field] ?? ""];
    texts[field] = key ? { id: key } : { text: first };
  }
  return texts;
}

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
