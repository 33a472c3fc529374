import { camelizeDeep } from "../api/camelCase";

/** Wire (snake_case) billing data as the server sends it, after the billing API contract. */
type Wire = Record<string, unknown>;

function plan(fields: Wire): Wire {
  return {
    number: 1,
    description: "",
    period: null,
    discount: 0,
    currency: "USD",
    credits: null,
    daily_credits: null,
    plan_usage: [],
    translations: {},
    ...fields,
  };
}

const market = { product: "market-insights", product_id: 1 };
const leads = { product: "lead-sourcing", product_id: 2 };

export const WIRE_PLANS: Wire[] = [
  plan({
    ...market,
    id: 3,
    key: "free",
    name: "Free",
    kind: "free",
    price: 0,
    price_without_discount: 0,
    plan_title: "Try it out",
    button_text: "Start free",
    plan_unit_selling_points: ["2 queries per day", "Basic filters"],
    plan_usage: [{ limit_value: 2, plan_limit: { limit_type: "query_per_day" } }],
  }),
  plan({
    ...market,
    id: 1,
    key: "daily",
    name: "Daily",
    kind: "subscription",
    period: "day",
    price: 12,
    price_without_discount: 20,
    discount: 40,
    plan_title: "One busy day",
    button_text: "Buy a day",
    plan_unit_selling_points: ["Unlimited queries", "AI filters"],
    translations: {
      vi: { name: "Theo ngày", plan_title: "", button_text: "Mua 1 ngày", plan_unit_selling_points: [] },
      zh: { name: "按天", plan_title: "忙碌的一天", button_text: "购买一天", plan_unit_selling_points: ["无限查询"] },
    },
  }),
  plan({
    ...market,
    id: 2,
    key: "monthly",
    name: "Monthly",
    kind: "subscription",
    period: "month",
    price: 120,
    price_without_discount: 250,
    discount: 52,
    plan_title: "For regular traders",
    button_text: "Buy a month",
    plan_unit_selling_points: ["Unlimited queries", "Priority support"],
  }),
  plan({
    ...leads,
    id: 7,
    key: "free",
    name: "Free",
    kind: "free",
    price: 0,
    price_without_discount: 0,
    daily_credits: 10,
    plan_title: "Every day",
    button_text: "Included",
    plan_unit_selling_points: ["Resets at 00:00 UTC"],
  }),
  plan({
    ...leads,
    id: 5,
    key: "basic",
    name: "Basic",
    kind: "credits",
    price: 5,
    price_without_discount: 10,
    discount: 50,
    credits: 100,
    plan_title: "Top up",
    button_text: "Buy 100 credits",
    plan_unit_selling_points: ["No expiry"],
  }),
  plan({
    ...leads,
    id: 6,
    key: "advanced",
    name: "Advanced",
    kind: "credits",
    price: 50,
    price_without_discount: 100,
    discount: 50,
    credits: 2000,
    plan_title: "For teams",
    button_text: "Buy 2,000 credits",
    plan_unit_selling_points: ["No expiry"],
  }),
];

export function wirePlan(id: number): Wire {
  const found = WIRE_PLANS.find((item) => item.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

export function wireSubscription(product: string, planId: number, fields: Wire = {}): Wire {
  return {
    id: null,
    product,
    status: "active",
    plan_id: planId,
    plan: wirePlan(planId),
    started_at: null,
    ends_at: null,
    trial_ends_at: null,
    ...fields,
  };
}

export function wireProfile(fields: Wire = {}): Wire {
  const marketSubscription = wireSubscription("market-insights", 3);
  return {
    id: 1,
    email: "an@example.com",
    name: "An Nguyen",
    user_subscription: marketSubscription,
    subscriptions: [marketSubscription, wireSubscription("lead-sourcing", 7)],
    total_user_query_logs_in_day: 1,
    queries_left_today: 1,
    credits: { balance: 510, free: 10, bought: 500, held: 0, daily_allowance: 10 },
    ...fields,
  };
}

/** What the client keeps: the wire data in camelCase (as the preload and the API client give it). */
export function clientData(wire: unknown): unknown {
  return camelizeDeep(wire);
}
