import useSWR from "swr";
import type { Language, Text } from "../i18n/messages";
import { ApiError, apiFetch, type Envelope } from "./client";
import { fieldTextsOf } from "./errors";
import { buildQueryString } from "./queryString";
import { fetchData } from "./swr";
import type { operations } from "./schema.gen";
import type { ApiSchema } from "./types";

// Keep in sync with apps/market (the market-insights API contract).
export const META_PATH = "/fast-ai/v1/meta-data";
export const SHIPMENTS_PATH = "/fast-ai/v1/shipments";
export const HS_CODES_PATH = "/fast-ai/v1/shipments/hs-codes";
export const STATISTICS_PATH = "/fast-ai/v1/shipments/statistics";
export const SUMMARY_PATH = "/fast-ai/v1/shipments/summary";
export const ASK_PATH = "/fast-ai/v1/shipments/ai/ask";
export const CONTACT_PATH = "/fast-ai/v1/shipments/request-contact";
export const CONTACT_REQUESTS_PATH = "/fast-ai/v1/shipments/contact-requests";
export const DOWNLOAD_PATH = "/fast-ai/v1/shipments/download";
export const RANKINGS_PATH = "/fast-ai/v1/shipments/rankings";
export const UNIT_PRICES_PATH = "/fast-ai/v1/shipments/unit-prices";
export const PARTIES_PATH = "/fast-ai/v1/parties";
export const HS_SUGGEST_PATH = "/fast-ai/v1/hs-codes/suggest";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type Country = ApiSchema<"CountryOut">;
export type HsChapter = ApiSchema<"HSChapterOut">;
export type HsSection = ApiSchema<"HSSectionOut">;
export type MarketMeta = ApiSchema<"MetaDataOut">;
export type Shipment = ApiSchema<"ShipmentOut">;
export type HsCodeFigure = ApiSchema<"TopHSCodeOut">;
export type ShipmentStatistics = ApiSchema<"StatisticsOut">;
export type MonthFigure = ApiSchema<"MonthOut">;
export type Coverage = ApiSchema<"CoverageOut">;
export type Ranking = ApiSchema<"RankingOut">;
export type UnitPrices = ApiSchema<"UnitPricesOut">;
export type PriceFigures = Omit<ApiSchema<"PriceMonthOut">, "month">;
export type PartyProfile = ApiSchema<"PartyProfileOut">;
type PageMeta = ApiSchema<"PageMeta">;
export type HsSuggestion = ApiSchema<"HSSuggestionOut">;

/** The shipment table's orders (the API's `sort`); a leading "-" is descending. */
export const SORT_COLUMNS = ["date", "value", "weight", "price_per_kg"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type ShipmentSort = SortColumn | `-${SortColumn}`;
export const DEFAULT_SORT: ShipmentSort = "-date";

export function isShipmentSort(value: string): value is ShipmentSort {
  return SORT_COLUMNS.some((column) => value === column || value === `-${column}`);
}

export type RankingSide = "importer" | "exporter";
export type RankingMeasure = "value" | "weight" | "shipments";
export type PriceGrouping = "" | "origin" | "destination";

export interface ShipmentPage {
  shipments: Shipment[];
  page: number;
  pageSize: number;
  total: number;
}

/** The trade data search (spec §3), as the form holds it; dates as typed (dd-MM-yyyy or dd/MM/yyyy). */
export interface MarketFilters {
  productDetails: string;
  importerName: string;
  exporterName: string;
  startDate: string;
  endDate: string;
  importerCountry: string;
  exporterCountry: string;
  hsCode: string[];
}

export type FilterField = Exclude<keyof MarketFilters, "hsCode">;

/** A search's query parameters, as the OpenAPI document names them. */
type SearchParameters = NonNullable<operations["apps_market_api_statistics"]["parameters"]["query"]>;

/** The search's fields as the address bar and the API name them, in the address's order. */
export const SEARCH_FIELDS = [
  "product_details",
  "importer_name",
  "exporter_name",
  "start_date",
  "end_date",
  "importer_country",
  "exporter_country",
  "hs_code",
] as const satisfies readonly (keyof SearchParameters)[];

/** The filters the AI box hands back (any of them may be missing or null). */
export type AiFilters = Partial<Record<FilterField, string | null>> & { hsCode?: string[] | null };

export type AiAnswer = ApiSchema<"AskOut">;
export type ContactRequest = ApiSchema<"ContactRequestOut">;

// ---- Dates -----------------------------------------------------------------------------------

const DATE_INPUT = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;

/** A typed date (dd-MM-yyyy or dd/MM/yyyy) as a UTC Date, or null when it is not a real date. */
export function parseDateInput(value: string): Date | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[3]);
  const year = Number(match[4]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A date as dd-MM-yyyy, the form the server and the AI box use. */
export function toInputDate(date: Date): string {
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/** The default search period: the last 12 months up to today (UTC). */
export function defaultPeriod(now: Date = new Date()): { startDate: string; endDate: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1));
  return { startDate: toInputDate(start), endDate: toInputDate(end) };
}

/**
 * The default search period over the data: the 12 months ending on the data's last date (ISO)
 * when that is before today, so a first search finds the latest shipments; otherwise up to today.
 */
export function dataPeriod(lastDate: string | null, now: Date = new Date()): { startDate: string; endDate: string } {
  const last = lastDate ? new Date(`${lastDate.slice(0, 10)}T00:00:00Z`) : null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return defaultPeriod(last && !Number.isNaN(last.getTime()) && last.getTime() < today ? last : now);
}

export function emptyFilters(now: Date = new Date()): MarketFilters {
  return {
    productDetails: "",
    importerName: "",
    exporterName: "",
    ...defaultPeriod(now),
    importerCountry: "",
    exporterCountry: "",
    hsCode: [],
  };
}

// ---- Validation ------------------------------------------------------------------------------

export type FieldErrors = Partial<Record<FilterField | "hsCode", Text>>;

/** Client-side checks with the spec's texts; an empty result means the search can run. */
export function validateFilters(filters: MarketFilters): FieldErrors {
  const errors: FieldErrors = {};
  // An HS code names the product too (the server accepts it alone, e.g. from the AI box).
  const named = [filters.productDetails, filters.importerName, filters.exporterName].some((text) => text.trim());
  if (!named && filters.hsCode.length === 0) {
    errors.productDetails = { id: "market.validation.oneOf" };
  }
  const startText = filters.startDate.trim();
  const endText = filters.endDate.trim();
  if (!startText && !endText) {
    errors.startDate = { id: "market.validation.period" };
    errors.endDate = { id: "market.validation.period" };
    return errors;
  }
  if (!startText) errors.startDate = { id: "market.validation.startRequired" };
  if (!endText) errors.endDate = { id: "market.validation.endRequired" };
  const start = startText ? parseDateInput(startText) : null;
  const end = endText ? parseDateInput(endText) : null;
  if (startText && !start) errors.startDate = { id: "market.validation.dateFormat" };
  if (endText && !end) errors.endDate = { id: "market.validation.dateFormat" };
  if (start && end && start.getTime() > end.getTime()) errors.startDate = { id: "market.validation.order" };
  return errors;
}

/** The 422 answer's field messages, keyed by the form's field names. */
export const fieldErrorsOf: (error: unknown) => FieldErrors | null = fieldTextsOf;

export function isQuotaError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.body.data?.error ?? "").toLowerCase().includes("query limit exceeded")
  );
}

export const HS_CODE_PATTERN = /^(\d{2}|\d{4}|\d{6})$/;

// ---- Query strings ---------------------------------------------------------------------------

function normalDate(value: string): string {
  const date = parseDateInput(value);
  return date ? toInputDate(date) : value.trim();
}

/** The shared shipments parameters (wire names); empty values are dropped by the query rule. */
export function filterQuery(filters: MarketFilters): string {
  return buildQueryString({
    product_details: filters.productDetails.trim(),
    importer_name: filters.importerName.trim(),
    exporter_name: filters.exporterName.trim(),
    start_date: normalDate(filters.startDate),
    end_date: normalDate(filters.endDate),
    importer_country: filters.importerCountry,
    exporter_country: filters.exporterCountry,
    hs_code: filters.hsCode,
  }).replace(/^\?/, "");
}

/** Reads a search back from a query string (the address bar); null when it holds none. */
export function filtersFromQuery(search: string, now: Date = new Date()): MarketFilters | null {
  const params = new URLSearchParams(search);
  const names = ["product_details", "importer_name", "exporter_name"];
  if (!names.some((name) => params.get(name))) return null;
  const base = emptyFilters(now);
  return {
    productDetails: params.get("product_details") ?? "",
    importerName: params.get("importer_name") ?? "",
    exporterName: params.get("exporter_name") ?? "",
    startDate: params.get("start_date") ?? base.startDate,
    endDate: params.get("end_date") ?? base.endDate,
    importerCountry: params.get("importer_country") ?? "",
    exporterCountry: params.get("exporter_country") ?? "",
    hsCode: params.getAll("hs_code"),
  };
}

/**
 * The filters an answer read from its question, put over the form: the fields the question
 * named replace the form's; the period only when the question named one.
 */
export function filtersFromReading(form: MarketFilters, answer: AiAnswer): MarketFilters {
  const named = new Set(answer.reading.map((item) => item.field));
  const { filters } = answer;
  const take = (field: string, value: string, current: string) => (named.has(field) ? value : current);
  const product = named.has("product") || named.has("product_details") || named.has("hs_code");
  return {
    productDetails: product ? filters.productDetails : form.productDetails,
    importerName: take("importer_name", filters.importerName, form.importerName),
    exporterName: take("exporter_name", filters.exporterName, form.exporterName),
    startDate: answer.dated ? filters.startDate : form.startDate,
    endDate: answer.dated ? filters.endDate : form.endDate,
    importerCountry: take("importer_country", filters.importerCountry, form.importerCountry).toUpperCase(),
    exporterCountry: take("exporter_country", filters.exporterCountry, form.exporterCountry).toUpperCase(),
    hsCode: product ? filters.hsCode : form.hsCode,
  };
}

/** The filters the AI box suggests, over the defaults. */
export function filtersFromAi(ai: AiFilters, now: Date = new Date()): MarketFilters {
  const base = emptyFilters(now);
  const pick = (field: FilterField) => ai[field] ?? base[field];
  return {
    productDetails: pick("productDetails"),
    importerName: pick("importerName"),
    exporterName: pick("exporterName"),
    startDate: pick("startDate"),
    endDate: pick("endDate"),
    importerCountry: (ai.importerCountry ?? "").toUpperCase(),
    exporterCountry: (ai.exporterCountry ?? "").toUpperCase(),
    hsCode: ai.hsCode ?? [],
  };
}

export function pageQuery(query: string, page: number, pageSize: number, sort: ShipmentSort = DEFAULT_SORT): string {
  const order = sort === DEFAULT_SORT ? "" : `&sort=${encodeURIComponent(sort)}`;
  return `${query}&page=${page}&page_size=${pageSize}${order}`;
}

/** A party's profile, over all the data. */
export function partyPath(partyId: number): string {
  return `${PARTIES_PATH}/${partyId}`;
}

/** Where a searched period stands against the data's dates (ISO): inside, partly or wholly outside. */
export function periodCoverage(
  filters: Pick<MarketFilters, "startDate" | "endDate">,
  coverage: Pick<Coverage, "firstDate" | "lastDate"> | undefined,
): "inside" | "partly" | "outside" | "unknown" {
  const start = parseDateInput(filters.startDate);
  const end = parseDateInput(filters.endDate);
  if (!start || !end || !coverage?.firstDate || !coverage.lastDate) return "unknown";
  const first = new Date(`${coverage.firstDate.slice(0, 10)}T00:00:00Z`).getTime();
  const last = new Date(`${coverage.lastDate.slice(0, 10)}T00:00:00Z`).getTime();
  if (end.getTime() < first || start.getTime() > last) return "outside";
  if (start.getTime() < first || end.getTime() > last) return "partly";
  return "inside";
}

export function downloadHref(format: "csv" | "xlsx", query: string): string {
  return `${DOWNLOAD_PATH}?format=${format}${query ? `&${query}` : ""}`;
}

// ---- Calls -----------------------------------------------------------------------------------

/** HS codes for what is being typed in the HS-code filter (digits or product words), named in
 * the interface language; nothing is asked for an empty text. */
export function useHsSuggestions(text: string, language: Language) {
  const q = text.trim();
  const key = q ? `${HS_SUGGEST_PATH}?${new URLSearchParams({ q, lang: language, limit: "8" }).toString()}` : null;
  return useSWR<HsSuggestion[], unknown>(key, fetchData<HsSuggestion[]>, { keepPreviousData: true });
}

export function useMarketMeta() {
  return useSWR<MarketMeta, unknown>(META_PATH, fetchData<MarketMeta>);
}

/** One page of a paged list with its paging figures from `meta`. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export async function fetchPage<T>(path: string): Promise<Page<T>> {
  const body = await apiFetch<Envelope<T[], Partial<PageMeta>>>(path);
  const meta = body.meta ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
  return {
    items: body.data,
    page: number(meta.page, 1),
    pageSize: number(meta.pageSize, DEFAULT_PAGE_SIZE),
    total: number(meta.total, body.data.length),
  };
}

/** One page of shipments with the list's paging figures from `meta`. */
export async function fetchShipmentPage(path: string): Promise<ShipmentPage> {
  const { items, ...paging } = await fetchPage<Shipment>(path);
  return { shipments: items, ...paging };
}

export async function askMarketQuestion(question: string): Promise<AiAnswer> {
  const body = await apiFetch<Envelope<AiAnswer>>(ASK_PATH, { method: "POST", body: { question } });
  return body.data;
}

export async function requestImporterContacts(importerName: string, importerCountry: string): Promise<string> {
  const body = await apiFetch<Envelope<{ message: string }>>(CONTACT_PATH, {
    method: "POST",
    body: { importerName, importerCountry },
  });
  return body.data.message;
}

/** The user's importer contact requests, newest first. */
export function useContactRequests() {
  return useSWR<ContactRequest[], unknown>(CONTACT_REQUESTS_PATH, fetchData<ContactRequest[]>);
}

const importerKey = (name: string, country: string) => `${name.split(/\s+/).join(" ").toLowerCase()}|${country.toUpperCase()}`;

/** The newest request for an importer (named as the server keeps it: spaces folded, any case). */
export function contactRequestFor(
  requests: readonly ContactRequest[] | undefined,
  importerName: string,
  importerCountry: string,
): ContactRequest | undefined {
  const key = importerKey(importerName.trim(), importerCountry);
  return requests?.find((request) => importerKey(request.importerName, request.importerCountry) === key);
}

/** A country's name in the interface language (the code when the list does not know it). */
export function countryName(countries: readonly Country[] | undefined, code: string, language: Language): string {
  const country = countries?.find((item) => item.code === code);
  if (!country) return code;
  const name = language === "vi" ? country.nameVi : language === "zh" ? country.nameZh : country.nameEn;
  return name || country.nameEn || code;
}

export function hsDescription(figure: HsCodeFigure, language: Language): string {
  return figure.descriptions[language];
}
