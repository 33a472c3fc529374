import { beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo, stubApi } from "../testing/api";
import { WIRE_PLANS, clientData, wireProfile, wireSubscription } from "../testing/billing";
import type { Profile } from "./accounts";
import {
  CHECKOUT_PATH,
  ORDERS_PATH,
  SESSION_REFRESH_PATH,
  cancelOrder,
  currentPlanId,
  groupPlansByProduct,
  planTexts,
  queriesLeft,
  refreshSession,
  startCheckout,
  trialTimeLeft,
  type Plan,
} from "./billing";
import { ApiError } from "./client";

const plans = clientData(WIRE_PLANS) as Plan[];
const byId = (id: number) => plans.find((plan) => plan.id === id)!;
const profile = (fields: Record<string, unknown> = {}) => clientData(wireProfile(fields)) as Profile;

beforeEach(() => {
  document.cookie = "csrftoken=tok";
});

describe("plans", () => {
  it("groups plans by product name, keeping the server's order", () => {
    const groups = groupPlansByProduct(plans);
    expect(groups["market-insights"]?.map((plan) => plan.key)).toEqual(["free", "daily", "monthly"]);
    expect(groups["lead-sourcing"]?.map((plan) => plan.key)).toEqual(["free", "basic", "advanced"]);
    expect(groups["lead-verification"]).toBeUndefined();
  });

  it("picks a plan's texts in the interface language and falls back to English text by text", () => {
    const daily = byId(1);
    expect(planTexts(daily, "en").name).toBe("Daily");
    const vietnamese = planTexts(daily, "vi");
    expect(vietnamese.name).toBe("Theo ngày");
    expect(vietnamese.buttonText).toBe("Mua 1 ngày");
    expect(vietnamese.planTitle).toBe("One busy day");
    expect(vietnamese.planUnitSellingPoints).toEqual(["Unlimited queries", "AI filters"]);
    expect(planTexts(daily, "zh")).toMatchObject({ planTitle: "忙碌的一天", planUnitSellingPoints: ["无限查询"] });
    expect(planTexts(byId(2), "zh").name).toBe("Monthly");
  });
});

describe("the user's plans and quota", () => {
  it("takes an active subscription's plan as the current one", () => {
    const user = profile({ subscriptions: [wireSubscription("market-insights", 2)] });
    expect(currentPlanId(user, "market-insights", plans)).toBe(2);
  });

  it("falls back to the free plan without an active subscription", () => {
    const cancelled = profile({ subscriptions: [wireSubscription("market-insights", 2, { status: "cancelled" })], user_subscription: null });
    expect(currentPlanId(cancelled, "market-insights", plans)).toBe(3);
    expect(currentPlanId(profile({ subscriptions: [] }), "lead-sourcing", plans)).toBe(7);
    expect(currentPlanId(undefined, "lead-sourcing", plans)).toBe(7);
  });

  it("reads the market-insights subscription from userSubscription when the list is missing", () => {
    const user = profile({ subscriptions: undefined, user_subscription: wireSubscription("market-insights", 1) });
    expect(currentPlanId(user, "market-insights", plans)).toBe(1);
  });

  it("reports queries left: the server's figure, else the plan's limit less today's queries", () => {
    expect(queriesLeft(profile({ queries_left_today: 1 }))).toBe(1);
    expect(queriesLeft(profile({ queries_left_today: null }))).toBeNull();
    const computed = clientData({
      id: 1,
      total_user_query_logs_in_day: 5,
      user_subscription: wireSubscription("market-insights", 3),
    }) as Profile;
    expect(queriesLeft(computed)).toBe(0);
    const unlimited = clientData({ id: 1, user_subscription: wireSubscription("market-insights", 2) }) as Profile;
    expect(queriesLeft(unlimited)).toBeNull();
    expect(queriesLeft(clientData({ id: 1, user_subscription: null }) as Profile)).toBeUndefined();
  });

  it("counts a trial down in days, then hours, and stops when it has ended", () => {
    const now = Date.parse("2026-03-05T10:00:00Z");
    expect(trialTimeLeft("2026-03-08T12:00:00Z", now)).toEqual({ unit: "day", count: 3 });
    expect(trialTimeLeft("2026-03-05T15:30:00Z", now)).toEqual({ unit: "hour", count: 6 });
    expect(trialTimeLeft("2026-03-05T09:00:00Z", now)).toBeNull();
    expect(trialTimeLeft(null, now)).toBeNull();
  });
});

describe("billing calls", () => {
  it("opens a checkout and sends the browser to the payment page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, href: "http://localhost/market-insights" });
    const fetchMock = stubApi({
      [`POST ${CHECKOUT_PATH}`]: {
        status: 201,
        body: { data: { url: "/payments/sandbox/tok/", order_id: 7, provider: "sandbox" }, meta: {} },
      },
    });
    const session = await startCheckout("lead-sourcing", "basic", "vi");
    expect(callsTo(fetchMock, `POST ${CHECKOUT_PATH}`)).toEqual([{ product: "lead-sourcing", plan: "basic", language: "vi" }]);
    expect(session).toEqual({ url: "/payments/sandbox/tok/", orderId: 7, provider: "sandbox" });
    expect(assign).toHaveBeenCalledWith("/payments/sandbox/tok/");
  });

  it("never follows a checkout address that is not a web page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, href: "http://localhost/market-insights" });
    stubApi({ [`POST ${CHECKOUT_PATH}`]: { status: 201, body: { data: { url: "javascript:alert(1)", order_id: 1, provider: "x" } } } });
    await expect(startCheckout("market-insights", "daily", "en")).rejects.toThrow(/Refused/);
    expect(assign).not.toHaveBeenCalled();
  });

  it("passes a refused checkout on as an ApiError", async () => {
    stubApi({ [`POST ${CHECKOUT_PATH}`]: { status: 503, body: { data: { error: "No provider" }, meta: { code: "provider_unavailable" } } } });
    await expect(startCheckout("market-insights", "daily", "en")).rejects.toMatchObject({ status: 503 });
  });

  it("cancels an order", async () => {
    const fetchMock = stubApi({
      [`PUT ${ORDERS_PATH}/7`]: { body: { data: { id: 7, status: "cancelled", plan_name: "Basic" }, meta: {} } },
    });
    expect(await cancelOrder(7)).toMatchObject({ id: 7, status: "cancelled", planName: "Basic" });
    expect(callsTo(fetchMock, `PUT ${ORDERS_PATH}/7`)).toEqual([{ status: "cancelled" }]);
  });

  it("renews the session, and reports a lost one as a 401", async () => {
    stubApi({ [`POST ${SESSION_REFRESH_PATH}`]: { body: { data: { expires_at: "2026-03-05T11:00:00Z", expires_in: 3600 } } } });
    expect(await refreshSession()).toEqual({ expiresAt: "2026-03-05T11:00:00Z", expiresIn: 3600 });
    stubApi({ [`POST ${SESSION_REFRESH_PATH}`]: { status: 401, body: { data: { error: "Signed out" } } } });
    const failure: unknown = await refreshSession().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
  });
});
