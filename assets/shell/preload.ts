import { camelizeDeep } from "../api/camelCase";

// Keep in sync with apps/core/pages.py (render_island) and the views that pass page data.

export const PAGES = [
  "signin",
  "signup",
  "market-insights",
  "find-global-lead",
  "find-global-company",
  "company-detail",
  "lead-verification",
  "verification-detail",
  "success",
  "cancel",
  "unavailable",
  "service-demand",
  "not-found",
  "server-error",
  "profile",
] as const;

export type PageName = (typeof PAGES)[number];

export interface PreloadUser {
  id: number;
  email: string;
  name: string;
}

export interface SiteSettings {
  gaMeasurementId: string;
  googleSignIn: boolean;
  authenticateUrl: string;
  logoutUrl: string;
}

export interface SearchParams {
  redirect: string;
  productName: string;
  pricing: string;
  myLeads: string;
  myVerification: string;
}

/** The order a payment page came back with (the fields the page names). */
export interface PaymentOrder {
  id: number;
  planId: number;
  planName: string;
  amount: number;
  currency: string;
  status: string;
}

/** Page-specific data, a union of what each view hands its page. */
export interface PageData {
  next?: string;
  signinFailed?: boolean;
  productName?: string;
  target?: string | null;
  order?: PaymentOrder | null;
  companyId?: string;
}

export interface Preload {
  page: PageName;
  path: string;
  search: SearchParams;
  user: PreloadUser | null;
  site: SiteSettings;
  data: PageData;
  /** API responses the server already has, keyed by API path; they seed the query cache. */
  api: Record<string, unknown>;
}

/** Where signing out goes when the page data itself could not be read. */
export const DEFAULT_LOGOUT_URL = "/oidc/logout/";

export class PreloadError extends Error {
  override name = "PreloadError";
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function object(value: unknown, where: string): Obj {
  if (!isObject(value)) throw new PreloadError(`${where} must be an object`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string") throw new PreloadError(`${where} must be a string`);
  return value;
}

function optionalText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function readUser(value: unknown): PreloadUser | null {
  if (value === null) return null;
  const user = object(value, "user");
  if (typeof user.id !== "number") throw new PreloadError("user.id must be a number");
  return { id: user.id, email: text(user.email, "user.email"), name: optionalText(user.name) };
}

function readSite(value: unknown): SiteSettings {
  const site = object(value, "site");
  return {
    gaMeasurementId: optionalText(site.gaMeasurementId),
    googleSignIn: site.googleSignIn === true,
    authenticateUrl: text(site.authenticateUrl, "site.authenticate_url"),
    logoutUrl: text(site.logoutUrl, "site.logout_url"),
  };
}

function readData(value: unknown): PageData {
  const data = object(value ?? {}, "data");
  const page: PageData = {};
  if (typeof data.next === "string") page.next = data.next;
  if (typeof data.signinFailed === "boolean") page.signinFailed = data.signinFailed;
  if (typeof data.productName === "string") page.productName = data.productName;
  if (typeof data.target === "string" || data.target === null) page.target = data.target;
  if (isObject(data.order) && typeof data.order.id === "number") page.order = data.order as unknown as PaymentOrder;
  if (typeof data.companyId === "string" || typeof data.companyId === "number") {
    page.companyId = String(data.companyId);
  }
  return page;
}

/** Checks the wire preload (snake_case) and returns it in camelCase. */
export function parsePreload(raw: unknown): Preload {
  const wire = object(raw, "preload");
  const api = isObject(object(wire.data ?? {}, "data").api) ? (object(wire.data, "data").api as Obj) : {};
  const value = object(camelizeDeep(wire), "preload");
  const page = text(value.page, "page");
  if (!(PAGES as readonly string[]).includes(page)) throw new PreloadError(`unknown page ${page}`);
  const search = isObject(value.search) ? value.search : {};
  return {
    page: page as PageName,
    path: text(value.path, "path"),
    search: {
      redirect: optionalText(search.redirect),
      productName: optionalText(search.productName),
      pricing: optionalText(search.pricing),
      myLeads: optionalText(search.myLeads),
      myVerification: optionalText(search.myVerification),
    },
    user: readUser(value.user),
    site: readSite(value.site),
    data: readData(value.data),
    api: Object.fromEntries(Object.entries(api).map(([key, body]) => [key, camelizeDeep(body)])),
  };
}

export function readPreload(doc: Document = document): Preload {
  const element = doc.getElementById("preload");
  if (!element?.textContent) throw new PreloadError("the page has no preload");
  return parsePreload(JSON.parse(element.textContent));
}
