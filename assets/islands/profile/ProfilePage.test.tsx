import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../../api/accounts";
import { BILLING_PATH, ORDERS_PATH, PLANS_PATH } from "../../api/billing";
import { CONTACT_REQUESTS_PATH, META_PATH } from "../../api/market";
import { swrOptions } from "../../api/swr";
import { formatDateTime } from "../../i18n/format";
import { useLanguageStore } from "../../i18n/language";
import { usePricingStore } from "../../stores/pricing";
import { useToastStore } from "../../stores/toast";
import { callsTo, stubApi, type StubAnswer } from "../../testing/api";
import { WIRE_PLANS, clientData, wireProfile, wireSubscription } from "../../testing/billing";
import { renderWithShell } from "../../testing/render";
import { ProfilePage } from "./ProfilePage";

const NOW = new Date("2026-03-05T10:00:00Z");

function order(fields: Record<string, unknown>) {
  return {
    id: 1,
    product: "lead-sourcing",
    plan: "basic",
    plan_id: 5,
    plan_name: "Basic",
    amount: 5,
    amount_cents: 500,
    currency: "USD",
    status: "paid",
    provider: "sandbox",
    provider_reference: "sb_1",
    created_at: "2026-03-01T12:30:00Z",
    updated_at: "2026-03-01T09:31:00Z",
    paid_at: "2026-03-01T09:31:00Z",
    ...fields,
  };
}

function entry(fields: Record<string, unknown>) {
  return {
    id: 1,
    created_at: "2026-03-04T08:00:00Z",
    amount: -1,
    bucket: "free",
    kind: "charge",
    reason: "Nguyễn Văn An",
    reference: "lead-email:123",
    topic: "lead-email",
    balance_after: 509,
    order_id: null,
    ...fields,
  };
}

function billing(fields: Record<string, unknown> = {}): StubAnswer {
  return {
    body: {
      data: {
        orders: [],
        ledger: [],
        subscriptions: [],
        credits: { balance: 510, free: 10, bought: 500, daily_allowance: 10 },
        ...fields,
      },
      meta: {},
    },
  };
}

/** The page as a signed-in user opens it: profile and plans preloaded, billing fetched. */
function renderPage(profile: unknown = wireProfile()) {
  const fallback = profile === undefined ? {} : { [USERS_PATH]: clientData(profile), [PLANS_PATH]: clientData(WIRE_PLANS) };
  renderWithShell(
    <SWRConfig value={{ ...swrOptions(fallback, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <ProfilePage />
    </SWRConfig>,
  );
}

function rowsOf(title: string): HTMLElement[] {
  const section = screen.getByRole("heading", { name: title }).closest("section")!;
  return within(section).getAllByRole("row").slice(1);
}

function cells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  document.cookie = "csrftoken=tok";
  useToastStore.setState({ toasts: [], lastId: 0 });
  usePricingStore.setState({ product: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("ProfilePage", () => {
  it("lists the importer contact requests and where each stands", async () => {
    stubApi({
      [`GET ${BILLING_PATH}`]: billing(),
      [`GET ${META_PATH}`]: { body: { data: { countries: [{ code: "NL", name_en: "Netherlands", name_vi: "Hà Lan", name_zh: "荷兰" }] }, meta: {} } },
      [`GET ${CONTACT_REQUESTS_PATH}`]: {
        body: {
          data: [
            { id: 2, importer_name: "Garden State Snacks Inc", importer_country: "", status: "pending", created_at: "2026-03-03T08:00:00Z", sent_at: null },
            { id: 1, importer_name: "Dutch Nut Trading B.V.", importer_country: "NL", status: "sent", created_at: "2026-03-01T08:00:00Z", sent_at: "2026-03-02T08:00:00Z" },
          ],
          meta: {},
        },
      },
    });
    renderPage();
    await screen.findByRole("cell", { name: "Dutch Nut Trading B.V." });
    const [pending, sent] = rowsOf("Importer contact requests");
    expect(cells(pending!)).toEqual(["Garden State Snacks Inc", "", "Mar 3, 2026", "Being researched (within 48 hours)"]);
    await waitFor(() => expect(cells(sent!)[1]).toBe("Netherlands"));
    expect(cells(sent!)[3]).toBe("Sent to your email on Mar 2, 2026");
  });

  it("says when no importer contacts were asked for", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing(), [`GET ${CONTACT_REQUESTS_PATH}`]: { body: { data: [], meta: {} } } });
    renderPage();
    expect(await screen.findByText(/You have not asked for any importer's contacts yet/)).toBeTruthy();
  });

  it("shows the account, the language choice and today's usage", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing() });
    renderPage(wireProfile({ credits: { balance: 507, free: 7, bought: 500, daily_allowance: 10 } }));
    expect(screen.getByText("an@example.com")).toBeTruthy();
    expect(screen.getByText("An Nguyen")).toBeTruthy();
    expect(screen.getByLabelText("Language")).toBeTruthy();
    const usage = screen.getByRole("heading", { name: "Usage today" }).closest("section")!;
    expect(within(usage).getByText("Queries left today").nextSibling?.textContent).toBe("1");
    expect(within(usage).getByText("Free credits today").nextSibling?.textContent).toBe("7 of 10");
    expect(within(usage).getByText("Bought credits").nextSibling?.textContent).toBe("500");
    expect(within(usage).getByText("Total credits").nextSibling?.textContent).toBe("507");
    await screen.findByText("No orders yet.");
  });

  it("says 'Unlimited' when the plan has no query limit", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing() });
    renderPage(wireProfile({ queries_left_today: null }));
    const usage = screen.getByRole("heading", { name: "Usage today" }).closest("section")!;
    expect(within(usage).getByText("Queries left today").nextSibling?.textContent).toBe("Unlimited");
    await screen.findByText("No orders yet.");
  });

  it("lists each product's plan with its status, end date and trial countdown", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing() });
    const monthly = wireSubscription("market-insights", 2, {
      id: 12,
      ends_at: "2026-04-01T12:00:00Z",
      trial_ends_at: "2026-03-08T12:00:00Z",
    });
    renderPage(
      wireProfile({
        user_subscription: monthly,
        subscriptions: [wireSubscription("lead-sourcing", 7), monthly],
      }),
    );
    const [market, leads] = rowsOf("Subscription");
    expect(cells(market!).slice(0, 4)).toEqual(["Market Insight", "MonthlyTrial: 3 days left", "Active", "Apr 1, 2026"]);
    expect(cells(leads!).slice(0, 4)).toEqual(["Find global buyers", "Free", "Active", "No end date"]);
    fireEvent.click(within(leads!).getByRole("button", { name: "See plans" }));
    expect(usePricingStore.getState().product).toBe("lead-sourcing");
    await screen.findByText("No orders yet.");
  });

  it("counts the last day of a trial in hours", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing() });
    const daily = wireSubscription("market-insights", 1, { id: 3, trial_ends_at: "2026-03-05T15:30:00Z" });
    renderPage(wireProfile({ user_subscription: daily, subscriptions: [daily] }));
    expect(screen.getByText("Trial: 6 hours left")).toBeTruthy();
    await screen.findByText("No orders yet.");
  });

  it("shows the orders and the credit history", async () => {
    stubApi({
      [`GET ${BILLING_PATH}`]: billing({
        orders: [order({ id: 2, product: "market-insights", plan: "daily", plan_id: 1, plan_name: "Daily", amount: 12, status: "paid" })],
        ledger: [
          entry({ id: 2 }),
          entry({ id: 1, amount: 100, bucket: "bought", kind: "grant", reason: "Basic pack", reference: "order:1", topic: "order", balance_after: 510, order_id: 1 }),
        ],
      }),
    });
    renderPage();
    // Orders, credit history, saved searches and contact requests load after the page.
    expect(screen.getAllByRole("status", { name: "Loading…" })).toHaveLength(4);
    await screen.findByRole("cell", { name: "Daily" });
    const [paid] = rowsOf("Orders");
    expect(cells(paid!)).toEqual([formatDateTime("2026-03-01T12:30:00Z", "en"), "Market Insight", "Daily", "$12", "Paid", ""]);
    const [charge, grant] = rowsOf("Credit history");
    const when = formatDateTime("2026-03-04T08:00:00Z", "en");
    expect(cells(charge!)).toEqual([when, "-1", "Free", "Credits usedEmail of Nguyễn Văn An", "509"]);
    expect(cells(grant!)).toEqual([when, "+100", "Bought", "Credits addedOrder #1", "510"]);
  });

  it("cancels a pending order and shows the updated list", async () => {
    let status = "pending";
    const fetchMock = stubApi({
      [`GET ${BILLING_PATH}`]: () => billing({ orders: [order({ id: 7, status })] }),
      [`PUT ${ORDERS_PATH}/7`]: () => {
        status = "cancelled";
        return { body: { data: order({ id: 7, status }), meta: {} } };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order 7" }));
    await screen.findByText("Cancelled");
    expect(callsTo(fetchMock, `PUT ${ORDERS_PATH}/7`)).toEqual([{ status: "cancelled" }]);
    expect(screen.queryByRole("button", { name: "Cancel order 7" })).toBeNull();
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "orders.cancelled" });
  });

  it("shows the server's message when an order can no longer be cancelled", async () => {
    stubApi({
      [`GET ${BILLING_PATH}`]: billing({ orders: [order({ id: 7, status: "pending" })] }),
      [`PUT ${ORDERS_PATH}/7`]: {
        status: 409,
        body: { data: { error: "Only pending orders", fields: {} }, meta: { message: "Only pending orders can be cancelled", code: "conflict" } },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order 7" }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.title).toEqual({ text: "Only pending orders can be cancelled" }),
    );
  });

  it("says so when there are no orders and no credit movements", async () => {
    stubApi({ [`GET ${BILLING_PATH}`]: billing() });
    renderPage();
    expect(await screen.findByText("No orders yet.")).toBeTruthy();
    expect(screen.getByText("No credit movements yet.")).toBeTruthy();
  });

  it("writes amounts and dates in the interface language", async () => {
    useLanguageStore.setState({ language: "zh" });
    stubApi({ [`GET ${BILLING_PATH}`]: billing({ orders: [order({ id: 3, amount: 5.5 })] }) });
    renderWithShell(
      <SWRConfig value={{ ...swrOptions({ [USERS_PATH]: clientData(wireProfile()) }, () => undefined), provider: () => new Map() }}>
        <ProfilePage />
      </SWRConfig>,
      { language: "zh" },
    );
    expect(await screen.findByRole("cell", { name: "US$5.50" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: /^2026年3月1日/ })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "已支付" })).toBeTruthy();
    useLanguageStore.setState({ language: "en" });
  });

  it("says so when the profile or the billing history cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = { status: 500, body: { data: { error: "Boom", fields: {} }, meta: { message: "Boom", code: "server_error" } } };
    stubApi({ [`GET ${USERS_PATH}`]: failure, [`GET ${BILLING_PATH}`]: failure });
    renderWithShell(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <ProfilePage />
      </SWRConfig>,
    );
    expect(screen.getByText("an@example.com")).toBeTruthy();
    expect(screen.getAllByRole("status", { name: "Loading…" }).length).toBeGreaterThan(0);
    expect(await screen.findAllByText("Your subscription details could not be loaded.")).toHaveLength(2);
    expect(await screen.findAllByText("Your billing history could not be loaded.")).toHaveLength(2);
  });
});
