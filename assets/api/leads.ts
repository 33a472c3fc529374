import useSWR from "swr";
import type { MessageKey, Text } from "../i18n/messages";
import { refreshProfile } from "./billing";
import { ApiError, apiFetch, type Envelope } from "./client";
import { csvText } from "./csv";
import { fieldTextsOf } from "./errors";
import { DEFAULT_PAGE_SIZE, parseDateInput, toInputDate } from "./market";
import { buildQueryString } from "./queryString";
import type { ApiSchema } from "./types";
import { fetchData } from "./swr";

// Keep in sync with apps/leads (the lead-sourcing API contract).
export const COMPANIES_PATH = "/fast-ai/v1/lead-sourcing/companies";
export const EMPLOYEES_PATH = "/fast-ai/v1/lead-sourcing/employees";
export const MY_LEADS_PATH = "/fast-ai/v1/users/lead-sourcing";

/** Credits a reveal costs (spec §9). */
export const EMAIL_CREDITS = 1;
export const PHONE_CREDITS = 5;

export const SENIORITIES = [
  "owner",
  "founder",
  "c_suite",
  "partner",
  "vp",
  "head",
  "director",
  "manager",
  "senior",
  "entry",
  "intern",
] as const;

export type Company = ApiSchema<"CompanyOut">;
export type TradeSummary = ApiSchema<"TradeSummaryOut">;
export type CompanyDetail = ApiSchema<"CompanyDetailOut">;

/** Null: never asked; processing: a phone lookup is under way; failed: its source never
 * answered, the credits came back and it may be asked again. */
export type ContactState = "processing" | "found" | "not_found" | "failed" | null;

export type Lead = ApiSchema<"LeadOut">;

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
  /** Past a thousand matches the server estimates the total. */
  totalIsEstimate: boolean;
}

export interface Reveal {
  lead: Lead;
  message: string;
  creditsCharged: number;
}

// ---- Filters ---------------------------------------------------------------------------------

/** The company search (spec §3) as the form holds it; wire names in snake_case. */
export interface CompanyFilters {
  companyName: string;
  countries: string[];
  industries: string[];
  technology: string[];
  fundingStages: string[];
  fundingDate: string;
  jobPosting: "" | "true" | "false";
  jobPostingDate: string;
  companyLocation: string;
  revenueMin: string;
  revenueMax: string;
  companySizeMin: string;
  companySizeMax: string;
  foundedYearMin: string;
  foundedYearMax: string;
  retailLocationMin: string;
  retailLocationMax: string;
  businessType: string[];
  keyword: string;
  importsProduct: string;
  importedSince: string;
}

export type CompanyField = keyof CompanyFilters;
export type ListField = { [K in CompanyField]: CompanyFilters[K] extends string[] ? K : never }[CompanyField];
export type TextField = Exclude<CompanyField, ListField | "jobPosting">;

const LIST_FIELDS: readonly ListField[] = ["countries", "industries", "technology", "fundingStages", "businessType"];
const DATE_FIELDS = new Set<CompanyField>(["fundingDate", "jobPostingDate", "importedSince"]);

export const RANGES = [
  { prefix: "revenue", min: "revenueMin", max: "revenueMax", message: "leads.validation.revenue" },
  { prefix: "companySize", min: "companySizeMin", max: "companySizeMax", message: "leads.validation.companySize" },
  { prefix: "foundedYear", min: "foundedYearMin", max: "foundedYearMax", message: "leads.validation.foundedYear" },
  { prefix: "retailLocation", min: "retailLocationMin", max: "retailLocationMax", message: "leads.validation.retailLocation" },
] as const satisfies readonly { min: TextField; max: TextField; message: MessageKey; prefix: string }[];

export function emptyCompanyFilters(): CompanyFilters {
  return {
    companyName: "",
    countries: [],
    industries: [],
    technology: [],
    fundingStages: [],
    fundingDate: "",
    jobPosting: "",
    jobPostingDate: "",
    companyLocation: "",
    revenueMin: "",
    revenueMax: "",
    companySizeMin: "",
    companySizeMax: "",
    foundedYearMin: "",
    foundedYearMax: "",
    retailLocationMin: "",
    retailLocationMax: "",
    businessType: [],
    keyword: "",
    importsProduct: "",
    importedSince: "",
  };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The company search as query parameters (wire names); empty values are dropped. */
export function companyQuery(filters: CompanyFilters): string {
  const params: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(filters) as [CompanyField, string | string[]][]) {
    if (Array.isArray(value)) params[snake(field)] = value;
    else if (DATE_FIELDS.has(field)) {
      const date = parseDateInput(value);
      params[snake(field)] = date ? toInputDate(date) : value.trim();
    } else params[snake(field)] = value.trim();
  }
  return buildQueryString(params).replace(/^\?/, "");
}

/** Reads a company search back from a query string (the address bar); null when it holds none. */
export function companyFiltersFromQuery(search: string): CompanyFilters | null {
  const params = new URLSearchParams(search);
  const filters = emptyCompanyFilters();
  let found = false;
  for (const field of Object.keys(filters) as CompanyField[]) {
    const name = snake(field);
    if (!params.has(name)) continue;
    found = true;
    if ((LIST_FIELDS as readonly string[]).includes(field)) filters[field as ListField] = params.getAll(name);
    else if (field === "jobPosting") {
      const value = params.get(name);
      filters.jobPosting = value === "true" || value === "false" ? value : "";
    } else filters[field as TextField] = params.get(name) ?? "";
  }
  return found ? filters : null;
}

export type CompanyErrors = Partial<Record<CompanyField | "filters", Text>>;

/** Client-side checks with the spec's texts; an empty result means the search can run. */
export function validateCompanyFilters(filters: CompanyFilters): CompanyErrors {
  const errors: CompanyErrors = {};
  const values = Object.values(filters) as (string | string[])[];
  const empty = values.every((value) => (Array.isArray(value) ? value.length === 0 : value.trim() === ""));
  if (empty) errors.filters = { id: "leads.validation.required" };
  for (const field of DATE_FIELDS) {
    const text = (filters[field] as string).trim();
    if (text && !parseDateInput(text)) errors[field] = { id: "market.validation.dateFormat" };
  }
  for (const range of RANGES) {
    const [low, high] = [filters[range.min].trim(), filters[range.max].trim()];
    for (const [field, text] of [[range.min, low], [range.max, high]] as const) {
      if (text && !/^\d+$/.test(text)) errors[field] = { id: "leads.validation.notNegative" };
    }
    if (/^\d+$/.test(low) && /^\d+$/.test(high) && Number(low) > Number(high)) errors[range.min] = { id: range.message };
  }
  return errors;
}

/** The 422 answer's field messages, keyed by the form's field names. */
export const companyErrorsOf: (error: unknown) => CompanyErrors | null = fieldTextsOf;

/** The people search; it runs only for chosen companies (spec §5). */
export interface LeadFilters {
  companyIds: number[];
  name: string;
  jobTitle: string[];
  seniority: string[];
  leadLocation: string;
  countries: string[];
  keyword: string;
}

export function emptyLeadFilters(companyIds: number[] = []): LeadFilters {
  return { companyIds, name: "", jobTitle: [], seniority: [], leadLocation: "", countries: [], keyword: "" };
}

export function leadQuery(filters: LeadFilters): string {
  return buildQueryString({
    company_ids: filters.companyIds.map(String),
    name: filters.name.trim(),
    job_title: filters.jobTitle,
    seniority: filters.seniority,
    lead_location: filters.leadLocation.trim(),
    countries: filters.countries,
    keyword: filters.keyword.trim(),
  }).replace(/^\?/, "");
}

export function leadFiltersFromQuery(search: string): LeadFilters {
  const params = new URLSearchParams(search);
  const ids = params
    .getAll("company_ids")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return {
    companyIds: [...new Set(ids)],
    name: params.get("name") ?? "",
    jobTitle: params.getAll("job_title"),
    seniority: params.getAll("seniority"),
    leadLocation: params.get("lead_location") ?? "",
    countries: params.getAll("countries"),
    keyword: params.get("keyword") ?? "",
  };
}

export function isInsufficientCredit(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.body.meta?.message ?? "").toLowerCase().includes("insufficient credit")
  );
}

// ---- Calls -----------------------------------------------------------------------------------

async function fetchPage<T>(path: string): Promise<Page<T>> {
  const body = await apiFetch<Envelope<T[]>>(path);
  const meta = body.meta ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
  return {
    rows: body.data,
    page: number(meta.page, 1),
    pageSize: number(meta.pageSize, DEFAULT_PAGE_SIZE),
    total: number(meta.total, body.data.length),
    totalIsEstimate: meta.totalIsEstimate === true,
  };
}

const paged = (path: string, query: string, page: number, pageSize: number) =>
  `${path}?${query}${query ? "&" : ""}page=${page}&page_size=${pageSize}`;

/** A page of companies; credits on screen follow every list (spec §4). */
export function useCompanies(query: string | null, page: number, pageSize: number) {
  return useSWR<Page<Company>, unknown>(query === null ? null : paged(COMPANIES_PATH, query, page, pageSize), fetchPage<Company>, {
    keepPreviousData: true,
    onSuccess: () => void refreshProfile(),
  });
}

export function useCompany(id: number | null) {
  return useSWR<CompanyDetail, unknown>(id === null ? null : `${COMPANIES_PATH}/${id}`, fetchData<CompanyDetail>);
}

// A phone lookup takes minutes: lists showing one ask again now and then until it ends.
const PROCESSING_POLL_MS = 30_000;
const isPhoneProcessing = (lead: Lead) => lead.phoneState === "processing";

/** A page of people at the chosen companies; null until at least one company is chosen. */
export function useLeads(filters: LeadFilters | null, page: number, pageSize: number) {
  const key = filters && filters.companyIds.length > 0 ? paged(EMPLOYEES_PATH, leadQuery(filters), page, pageSize) : null;
  return useSWR<Page<Lead>, unknown>(key, fetchPage<Lead>, {
    keepPreviousData: true,
    onSuccess: () => void refreshProfile(),
    refreshInterval: (result) => (result?.rows.some(isPhoneProcessing) ? PROCESSING_POLL_MS : 0),
  });
}

/** Whether a cached answer lists people (a lead list or the user's own leads). */
export function isLeadListKey(key: unknown): boolean {
  return typeof key === "string" && (key.startsWith(`${EMPLOYEES_PATH}?`) || key === MY_LEADS_PATH);
}

/** The leads this user revealed or requested; polled while a phone lookup is under way. */
export function useMyLeads(enabled = true) {
  return useSWR<Lead[], unknown>(enabled ? MY_LEADS_PATH : null, fetchData<Lead[]>, {
    refreshInterval: (leads) => (leads?.some(isPhoneProcessing) ? PROCESSING_POLL_MS : 0),
  });
}

async function reveal(path: string): Promise<Reveal> {
  const body = await apiFetch<Envelope<Lead>>(path);
  const meta = body.meta ?? {};
  void refreshProfile();
  return {
    lead: body.data,
    message: typeof meta.message === "string" ? meta.message : "",
    creditsCharged: typeof meta.creditsCharged === "number" ? meta.creditsCharged : 0,
  };
}

/** Reveals a person's email: 1 credit, nothing when there is none or it was revealed before. */
export function requestEmail(leadId: number): Promise<Reveal> {
  return reveal(`${EMPLOYEES_PATH}/${leadId}/request-email`);
}

/** Asks for a person's mobile number: 5 credits, looked up in the background and emailed. */
export function requestPhone(leadId: number): Promise<Reveal> {
  return reveal(`${EMPLOYEES_PATH}/${leadId}/request-contact`);
}

// ---- CSV -------------------------------------------------------------------------------------

const CSV_COLUMNS = ["name", "job_title", "company", "country", "location", "email", "email_status", "phone", "social_url"];

/** The revealed contacts as CSV (only leads with an email or a phone found). */
export function revealedLeadsCsv(leads: readonly Lead[]): string {
  const rows = leads
    .filter((lead) => lead.email || lead.phone)
    .map((lead) => [
      lead.name,
      lead.jobTitle,
      lead.company.name,
      lead.country,
      lead.location,
      lead.email ?? "",
      lead.emailStatus ?? "",
      lead.phone ?? "",
      lead.socialUrl,
    ]);
  return csvText([CSV_COLUMNS, ...rows]);
}
