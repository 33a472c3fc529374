import { useMemo } from "react";
import useSWR, { mutate } from "swr";
import type { MessageKey, Text } from "../i18n/messages";
import { camelizeDeep } from "./camelCase";
import { ApiError, apiFetch, type Envelope } from "./client";
import type { ApiSchema } from "./types";
import { fieldTextsOf } from "./errors";
import { isValidEmail, phoneProblem } from "../shell/validation";
import { buildQueryString } from "./queryString";
import { fetchData } from "./swr";

// Keep in sync with apps/verification/api.py and schemas.py (the lead-verification API contract).
// Every wire name this client reads is in this module, so the contract is aligned in one place.
export const VERIFICATION_PATH = "/fast-ai/v1/lead-verification/companies";
export const MY_VERIFICATIONS_PATH = "/fast-ai/v1/users/lead-verification";

/**
 * What a verification costs (spec §9): 70 credits for the first check that finds data and 10 for
 * each further one, at most 100. The ceiling is held while the checks run and settles to the price.
 */
export const VERIFICATION_MAX_CREDITS = 100;
export const VERIFICATION_BASE_CREDITS = 70;
export const VERIFICATION_FURTHER_CREDITS = 10;
export const FREE_RETRY_DAYS = 7;

/** The four checks, in the order the progress view lists them, and their path segments. */
export const CHECKS = ["companyProfile", "tradeData", "sanctions", "website"] as const;
export type CheckName = (typeof CHECKS)[number];
const CHECK_SEGMENTS: Record<CheckName, string> = {
  companyProfile: "company-profile",
  tradeData: "trade-data",
  sanctions: "sanctions",
  website: "website",
};

/** The run's four check states, a field each (spec §4): pending, in progress, then success or error. */
export type CheckerStates = ApiSchema<"CheckStates">;
export type CheckState = CheckerStates[CheckName];

/**
 * A company the verification search found (selectors.company_data). Rows of the internet search
 * are not stored (id null) and name their `source` and its record (an LEI or a page address).
 */
export type VerificationCompany = ApiSchema<"VerificationCompanyOut"> &
  Partial<Pick<ApiSchema<"FoundCompanyOut">, "source" | "sourceRecordId">>;

/** A verification as the server keeps it: a check's answer, and each of the user's verifications. */
export type VerificationProgress = ApiSchema<"ProgressOut">;

export type TradeRecord = ApiSchema<"TradeRecord">;
export type MonthlyShipments = ApiSchema<"MonthTotal">;
/** The trade data check's state and findings (GET .../shipments/summary). */
export type TradeSection = ApiSchema<"TradeSection">;

/** match: a listed party; review: a possible match a person must compare; near: evidence only. */
export type SanctionMatch = ApiSchema<"SanctionMatch">;
/** A sanctions list the screening read, with its publication date and size. */
export type ScreenedList = ApiSchema<"ScreenedList">;
/** The sanctions screening's state and findings (GET .../sanctions/check); a weak score is never a match. */
export type SanctionsSection = ApiSchema<"SanctionsSection">;

/** The sanctions provider's error when no list is loaded: never reported as clear. */
export const NO_LIST_LOADED = "No sanctions list loaded";

/** Place information from a maps provider; `status` says whether one is configured and found it. */
export type PlaceInfo = ApiSchema<"PlaceAnswer">;
export type WebsiteStatus = ApiSchema<"WebsiteStatus">;
export type VerificationDetail = ApiSchema<"DetailOut">;

/**
 * One check's line of the criteria: whether it ran, found data, or why it could not. The criteria
 * arrive as JSON text (spec §3), which the OpenAPI document types as a string.
 */
export interface Criterion {
  key: string;
  state: CheckState;
  foundData: boolean;
  error: string | null;
}

/** The topics of the recommendations, in the order the result lists them. */
export type RecommendationTopic = keyof ApiSchema<"RecommendationsOut">;
export const RECOMMENDATION_TOPICS = [
  "employeeSize",
  "foundedAge",
  "sanctionMatch",
  "domainState",
  "transactions",
] as const satisfies readonly RecommendationTopic[];

/** A topic's level and its text in the three languages. */
export type Recommendation = ApiSchema<"RecommendationOut">;

/** The verdict (apps/verification/verdict.py), gravest first: nothing outranks a sanctions match. */
export type VerificationStatus = ApiSchema<"VerdictOut">["status"];
export const VERIFICATION_STATUSES = [
  "do_not_trade",
  "needs_review",
  "partly_verified",
  "verified",
] as const satisfies readonly VerificationStatus[];

/** How a verdict's status (and a reason's level) is named, wherever it is shown. */
export const STATUS_TEXTS: Record<VerificationStatus, MessageKey> = {
  do_not_trade: "verification.status.doNotTrade",
  needs_review: "verification.status.needsReview",
  partly_verified: "verification.status.partial",
  verified: "verification.status.verified",
};

/** One finding behind the verdict: its check, level, source and the source's date, in words. */
export type VerdictReason = ApiSchema<"ReasonOut">;

type WireResult = ApiSchema<"ResultOut">;
/** The verification result (spec §3), with its criteria parsed. */
export type VerificationResult = Omit<WireResult, "leadVerificationCriteria"> & { leadVerificationCriteria: Criterion[] };

/** The criteria arrive as JSON text; the client holds them parsed (and camelCased). */
export function parseCriteria(wire: unknown): Criterion[] {
  let list: unknown = wire;
  if (typeof wire === "string") {
    try {
      list = camelizeDeep(JSON.parse(wire));
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? (list as Criterion[]) : [];
}

/** A result as fetched or preloaded (criteria still JSON text) as the page reads it. */
export function toResult(wire: WireResult): VerificationResult {
  return { ...wire, leadVerificationCriteria: parseCriteria(wire.leadVerificationCriteria) };
}

// ---- Search ----------------------------------------------------------------------------------

export interface VerificationSearch {
  name: string;
  website: string;
}

/** Client-side check with the spec's §5 text; null means the search can run. */
export function validateSearch(search: VerificationSearch): Text | null {
  return search.name.trim() || search.website.trim() ? null : { id: "verification.search.required" };
}

export function searchPath(search: VerificationSearch, internet: boolean): string {
  const query = buildQueryString({ name: search.name.trim(), website: search.website.trim() });
  return `${VERIFICATION_PATH}${internet ? "/extend" : ""}${query}`;
}

/** An internet search that is not configured answers 503: the tab says it is unavailable. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

export function useVerificationSearch(search: VerificationSearch | null, internet: boolean) {
  return useSWR<VerificationCompany[], unknown>(search ? searchPath(search, internet) : null, fetchData<VerificationCompany[]>, {
    keepPreviousData: true,
  });
}

export function useMyVerifications(enabled = true) {
  return useSWR<VerificationProgress[], unknown>(enabled ? MY_VERIFICATIONS_PATH : null, fetchData<VerificationProgress[]>);
}

export function useVerificationCompany(id: number) {
  return useSWR<VerificationCompany, unknown>(`${VERIFICATION_PATH}/${id}`, fetchData<VerificationCompany>);
}

/** The result; the cache keeps it as the server sent it (the page preloads it), parsed here. */
export function useVerificationResult(id: number) {
  const answer = useSWR<WireResult, unknown>(`${VERIFICATION_PATH}/${id}/results`, fetchData<WireResult>);
  const result = useMemo(() => (answer.data ? toResult(answer.data) : undefined), [answer.data]);
  return { result, error: answer.error };
}

export function useSanctionsCheck(id: number) {
  return useSWR<SanctionsSection, unknown>(`${VERIFICATION_PATH}/${id}/sanctions/check`, fetchData<SanctionsSection>);
}

export function useTradeData(id: number) {
  return useSWR<TradeSection, unknown>(`${VERIFICATION_PATH}/${id}/shipments/summary`, fetchData<TradeSection>);
}

/** The check a criterion's wire key names ("trade_data" → "tradeData"), if it is one. */
export function checkOfKey(key: string): CheckName | undefined {
  const name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return CHECKS.find((check) => check === name);
}

/** Runs an errored check of a finished run again, free (the caller reads the result again). */
export function retryCheck(companyId: number, check: CheckName, onError?: ErrorHandler): Promise<"success" | "error"> {
  return runCheck(String(companyId), check, "", onError, true);
}

/** Whether a cache key is one of the company's verification reads (result and sections). */
export function isCompanyVerificationKey(companyId: number, key: unknown): boolean {
  return typeof key === "string" && key.startsWith(`${VERIFICATION_PATH}/${companyId}/`);
}

/** Whether a failed call was refused for want of credits. */
export function isInsufficientCredit(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && /insufficient credit/i.test(error.body.meta?.message ?? "");
}

/** Reads the user's verifications again (a run just ended), wherever they are shown. */
export function refreshMyVerifications(): Promise<unknown> {
  return mutate(MY_VERIFICATIONS_PATH);
}

/** The user's verifications as the server has them now (the store follows a run with it). */
export function fetchMyVerifications(): Promise<VerificationProgress[]> {
  return fetchData<VerificationProgress[]>(MY_VERIFICATIONS_PATH);
}

// ---- The four checks -------------------------------------------------------------------------

/** What a failed call is handed to: the product's general error handler (spec §8). */
export type ErrorHandler = (error: unknown) => void;

/**
 * Runs one check; resolves to its final state. A check the server ran but could not complete
 * (its source unreachable) answers with its state "error"; a failed call is an error too, and
 * goes to `onError` (an insufficient credit balance is told to the user there).
 */
export async function runCheck(
  companyId: string,
  check: CheckName,
  domain: string,
  onError?: ErrorHandler,
  retry = false,
): Promise<"success" | "error"> {
  try {
    const body = await apiFetch<Envelope<VerificationProgress>>(
      `${VERIFICATION_PATH}/${encodeURIComponent(companyId)}/checks/${CHECK_SEGMENTS[check]}`,
      { method: "POST", body: { domain, retry } },
    );
    return body.data.checkerStates[check] === "success" ? "success" : "error";
  } catch (error) {
    onError?.(error);
    return "error";
  }
}

// ---- Reports ---------------------------------------------------------------------------------

/** The advanced report types (spec §3), named on the wire as the spec names them. */
export const REPORT_TYPES = [
  "Credit Score and Limit",
  "Financial Performance",
  "Director & Shareholder Information",
  "Company Ownership",
  "Key Risk Indicators",
  "Business Verification",
  "Other",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export interface ReportContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  jobTitle: string;
  message: string;
}

export type ReportField = keyof ReportContact | "reportTypes";
export type ReportErrors = Partial<Record<ReportField, Text>>;

export function emptyContact(): ReportContact {
  return { firstName: "", lastName: "", email: "", phone: "", companyName: "", jobTitle: "", message: "" };
}

/** The spec's §5 texts for the report forms; an empty result means the form can be sent. */
export function validateReport(contact: ReportContact, reportTypes: readonly ReportType[] | null): ReportErrors {
  const errors: ReportErrors = {};
  if (!contact.firstName.trim()) errors.firstName = { id: "verification.report.firstNameRequired" };
  if (!contact.lastName.trim()) errors.lastName = { id: "verification.report.lastNameRequired" };
  if (!isValidEmail(contact.email.trim())) errors.email = { id: "verification.report.emailInvalid" };
  const phone = phoneProblem(contact.phone, "verification.report.phoneRequired");
  if (phone) errors.phone = phone;
  if (!contact.companyName.trim()) errors.companyName = { id: "verification.report.companyNameRequired" };
  if (reportTypes !== null && reportTypes.length === 0) errors.reportTypes = { id: "verification.report.typesRequired" };
  return errors;
}

/** The 422 answer's field messages, keyed by the form's field names. */
export const reportErrorsOf: (error: unknown) => ReportErrors | null = fieldTextsOf;

/** Claims an advanced report of the chosen types about a company. */
export async function requestReport(companyId: number, contact: ReportContact, reportTypes: readonly ReportType[]): Promise<void> {
  await apiFetch(`${VERIFICATION_PATH}/${companyId}/request-report`, { method: "POST", body: { ...contact, reportTypes } });
}

/** Asks staff for a custom report; the message says about whom and what. */
export async function requestCustomReport(contact: ReportContact): Promise<void> {
  await apiFetch(`${VERIFICATION_PATH}/request-contact`, { method: "POST", body: contact });
}
