import { useCallback } from "react";
import useSWR, { mutate, useSWRConfig } from "swr";
import type { Language } from "../i18n/messages";
import { USERS_PATH, type Profile } from "./accounts";
import { apiFetch, type Envelope } from "./client";
import { fetchData } from "./swr";
import type { ApiSchema } from "./types";

// Keep in sync with apps/billing (the billing API contract).
export const PRODUCTS_PATH = "/fast-ai/v1/products";
export const PLANS_PATH = "/fast-ai/v1/plans";
export const BILLING_PATH = "/fast-ai/v1/users/billing";
export const CHECKOUT_PATH = "/fast-ai/v1/payments/checkout/sessions";
export const ORDERS_PATH = "/oms-backend/v1/orders";
export const SESSION_REFRESH_PATH = "/oms-backend/v1/auth/refresh";

export const PRODUCT_NAMES = ["market-insights", "lead-sourcing", "lead-verification"] as const;
export type ProductName = (typeof PRODUCT_NAMES)[number];

/** The products sold through a pricing dialog. */
export const PRICED_PRODUCTS = ["market-insights", "lead-sourcing"] as const;
export type PricedProduct = (typeof PRICED_PRODUCTS)[number];

export function isPricedProduct(value: unknown): value is PricedProduct {
  return (PRICED_PRODUCTS as readonly unknown[]).includes(value);
}

export type Product = ApiSchema<"ProductOut">;
/** The texts of a plan that the server also sends in Vietnamese and Chinese. */
export type PlanTexts = ApiSchema<"PlanTexts">;
/** `id` is unique across products (the per-product `number` is not). */
export type Plan = ApiSchema<"PlanOut">;
export type PlanUsage = ApiSchema<"PlanUsage">;
/** `id` is null for the implicit free plan, which has no row. */
export type Subscription = ApiSchema<"SubscriptionOut">;
/** `free` is the free credits left today. */
export type Credits = ApiSchema<"CreditsOut">;
export type Order = ApiSchema<"OrderOut">;
export type OrderStatus = Order["status"];
/** `amount` is in signed credits. */
export type LedgerEntry = ApiSchema<"LedgerEntryOut">;
export type Billing = ApiSchema<"BillingOut">;
export type CheckoutSession = ApiSchema<"CheckoutOut">;
export type SessionExpiry = ApiSchema<"SessionExpiry">;

export function useProducts() {
  return useSWR<Product[], unknown>(PRODUCTS_PATH, fetchData<Product[]>);
}

/** All plans of all products, ordered by product then price (signed-in pages preload them). */
export function usePlans() {
  return useSWR<Plan[], unknown>(PLANS_PATH, fetchData<Plan[]>);
}

export function useBilling() {
  return useSWR<Billing, unknown>(BILLING_PATH, fetchData<Billing>);
}

/** Plans keyed by product name, each list in the server's order. */
export function groupPlansByProduct(plans: readonly Plan[]): Partial<Record<string, Plan[]>> {
  const groups: Partial<Record<string, Plan[]>> = {};
  for (const plan of plans) (groups[plan.product] ??= []).push(plan);
  return groups;
}

/** A plan's texts in the interface language; any text without a translation stays English. */
export function planTexts(plan: Plan, language: Language): PlanTexts {
  const translated = language === "en" ? undefined : plan.translations[language];
  const pick = (text: string | undefined, english: string) => (text?.trim() ? text : english);
  const points = translated?.planUnitSellingPoints;
  return {
    name: pick(translated?.name, plan.name),
    description: pick(translated?.description, plan.description),
    planTitle: pick(translated?.planTitle, plan.planTitle),
    buttonText: pick(translated?.buttonText, plan.buttonText),
    planUnitSellingPoints: points?.length ? points : plan.planUnitSellingPoints,
  };
}

/** The user's subscription to a product; the market-insights one may only be in userSubscription. */
export function subscriptionFor(profile: Profile | null | undefined, product: string): Subscription | undefined {
  const listed = profile?.subscriptions?.find((subscription) => subscription.product === product);
  if (listed) return listed;
  const main = profile?.userSubscription;
  return main?.product === product ? main : undefined;
}

/** The plan the user is on for a product: an active subscription's, otherwise the free plan. */
export function currentPlanId(profile: Profile | null | undefined, product: string, plans: readonly Plan[]): number | null {
  const subscription = subscriptionFor(profile, product);
  if (subscription?.status === "active") return subscription.planId;
  return plans.find((plan) => plan.product === product && plan.kind === "free")?.id ?? null;
}

const QUERY_LIMIT = "query_per_day";

/** Market-insights queries left today: a number, null for no limit, undefined when not known. */
export function queriesLeft(profile: Profile | null | undefined): number | null | undefined {
  if (!profile) return undefined;
  if (profile.queriesLeftToday !== undefined) return profile.queriesLeftToday;
  const subscription = profile.userSubscription;
  if (!subscription?.plan) return undefined;
  const limit = subscription.plan.planUsage.find((usage) => usage.planLimit.limitType === QUERY_LIMIT)?.limitValue;
  if (limit === undefined || limit === null) return null;
  return Math.max(0, limit - (profile.totalUserQueryLogsInDay ?? 0));
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What is left of a free trial: whole days, or hours in its last day; null once it has ended. */
export function trialTimeLeft(
  trialEndsAt: string | null | undefined,
  now: number = Date.now(),
): { unit: "day" | "hour"; count: number } | null {
  if (!trialEndsAt) return null;
  const left = new Date(trialEndsAt).getTime() - now;
  if (!(left > 0)) return null;
  if (left >= DAY_MS) return { unit: "day", count: Math.floor(left / DAY_MS) };
  return { unit: "hour", count: Math.ceil(left / HOUR_MS) };
}

function isWebAddress(url: string): boolean {
  const { protocol } = new URL(url, window.location.href);
  return protocol === "https:" || protocol === "http:";
}

/** Opens a checkout for a paid plan and sends the browser to the payment page. */
export async function startCheckout(product: string, plan: string, language: Language): Promise<CheckoutSession> {
  const body = await apiFetch<Envelope<CheckoutSession>>(CHECKOUT_PATH, {
    method: "POST",
    body: { product, plan, language },
  });
  if (!isWebAddress(body.data.url)) throw new Error(`Refused checkout address ${body.data.url}`);
  window.location.assign(body.data.url);
  return body.data;
}

/** Cancels a pending order (the server answers 409 for any other). */
export async function cancelOrder(id: number): Promise<Order> {
  const body = await apiFetch<Envelope<Order>>(`${ORDERS_PATH}/${id}`, {
    method: "PUT",
    body: { status: "cancelled" },
  });
  return body.data;
}

/** Renews the signed-in session; a 401 means the user must sign in again. */
export async function refreshSession(): Promise<SessionExpiry> {
  const body = await apiFetch<Envelope<SessionExpiry>>(SESSION_REFRESH_PATH, { method: "POST" });
  return body.data;
}

/**
 * Fetches the profile again, so the credits and queries shown everywhere follow what was just
 * spent (spec §4 'Profile refetch'). Call it after a successful lead list, company list, contact
 * or email request, and after a completed verification.
 */
export function refreshProfile(): Promise<unknown> {
  return mutate(USERS_PATH);
}

/**
 * refreshProfile for components: it refetches the profile in the cache the component reads
 * (its SWRConfig's), so every figure of the page follows a query just counted. Call it after
 * every answer that counts a query of the day (a search's figures, an AI answer, a trade
 * profile): whichever of them counted, the queries-left counters show it at once.
 */
export function useRefreshProfile(): () => Promise<unknown> {
  const { mutate: mutateCached } = useSWRConfig();
  return useCallback(() => mutateCached(USERS_PATH), [mutateCached]);
}
