import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../api/accounts";
import { CHECKOUT_PATH, PLANS_PATH } from "../api/billing";
import { swrOptions } from "../api/swr";
import { useLanguageStore } from "../i18n/language";
import type { Language } from "../i18n/messages";
import { useToastStore } from "../stores/toast";
import { openPricing, usePricingStore } from "../stores/pricing";
import { callsTo, stubApi } from "../testing/api";
import { WIRE_PLANS, clientData, wireProfile, wireSubscription } from "../testing/billing";
import { renderWithShell, testPreload } from "../testing/render";
import { PricingDialogHost } from "./PricingDialog";

interface Options {
  pricing?: string;
  profile?: Record<string, unknown>;
  language?: Language;
}

function renderHost({ pricing = "", profile = wireProfile(), language = "en" }: Options = {}) {
  useLanguageStore.setState({ language });
  const preload = testPreload();
  return renderWithShell(
    <SWRConfig
      value={{
        ...swrOptions({ [PLANS_PATH]: clientData(WIRE_PLANS), [USERS_PATH]: clientData(profile) }, () => undefined),
        provider: () => new Map(),
      }}
    >
      <PricingDialogHost />
    </SWRConfig>,
    { language, preload: { ...preload, search: { ...preload.search, pricing } } },
  );
}

function card(name: string): HTMLElement {
  return screen.getByRole("heading", { name }).closest("li")!;
}

beforeEach(() => {
  usePricingStore.setState({ product: null });
  useToastStore.setState({ toasts: [], lastId: 0 });
  window.history.replaceState(null, "", "/market-insights");
  document.cookie = "csrftoken=tok";
});

afterEach(() => {
  useLanguageStore.setState({ language: "en" });
});

describe("PricingDialog", () => {
  it("opens the market-insights plans when the page has ?pricing=market-insights", () => {
    renderHost({ pricing: "market-insights" });
    const dialog = screen.getByRole("dialog", { name: "Market Insight plans" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Free",
      "Daily",
      "Monthly",
    ]);
  });

  it("stays closed for an unknown or missing pricing parameter", () => {
    renderHost({ pricing: "gold" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows price, struck-through list price, discount, selling points and button text", () => {
    renderHost({ pricing: "market-insights" });
    const daily = card("Daily");
    expect(within(daily).getByText("$12")).toBeTruthy();
    expect(within(daily).getByText("/ day")).toBeTruthy();
    expect(daily.querySelector("s")?.textContent).toBe("List price $20");
    expect(within(daily).getByText("-40%")).toBeTruthy();
    expect(within(daily).getByText("One busy day")).toBeTruthy();
    expect(within(daily).getByText("AI filters")).toBeTruthy();
    expect(within(daily).getByRole("button", { name: "Buy a day" })).toBeTruthy();
    expect(card("Free").querySelector("s")).toBeNull();
  });

  it("marks the user's current plan and disables its button", () => {
    const monthly = wireSubscription("market-insights", 2);
    renderHost({ pricing: "market-insights", profile: wireProfile({ subscriptions: [monthly], user_subscription: monthly }) });
    const current = card("Monthly");
    expect(within(current).getAllByText("Current plan")).toHaveLength(2);
    expect(within(current).getByRole<HTMLButtonElement>("button", { name: "Current plan" }).disabled).toBe(true);
    expect(within(card("Daily")).getByRole<HTMLButtonElement>("button", { name: "Buy a day" }).disabled).toBe(false);
    const free = within(card("Free")).getByRole<HTMLButtonElement>("button", { name: "Included for everyone" });
    expect(free.disabled).toBe(true);
  });

  it("takes the free plan as current when the user has no active subscription", () => {
    renderHost({ pricing: "market-insights" });
    expect(within(card("Free")).getByRole<HTMLButtonElement>("button", { name: "Current plan" }).disabled).toBe(true);
  });

  it("starts a checkout for a paid plan and goes to the payment page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { assign, href: "http://localhost/market-insights" });
    const fetchMock = stubApi({
      [`POST ${CHECKOUT_PATH}`]: { status: 201, body: { data: { url: "https://pay.example/c/1", order_id: 3, provider: "stripe" } } },
    });
    renderHost({ pricing: "market-insights" });
    fireEvent.click(within(card("Monthly")).getByRole("button", { name: "Buy a month" }));
    const busy = within(card("Monthly")).getByRole("button", { name: "Opening payment…" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(within(card("Daily")).getByRole<HTMLButtonElement>("button", { name: "Buy a day" }).disabled).toBe(true);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/c/1"));
    expect(callsTo(fetchMock, `POST ${CHECKOUT_PATH}`)).toEqual([{ product: "market-insights", plan: "monthly", language: "en" }]);
  });

  it("says 'Something went wrong' when no payment provider is available, and lets the user try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi({
      [`POST ${CHECKOUT_PATH}`]: {
        status: 503,
        body: { data: { error: "No payment provider", fields: {} }, meta: { message: "No payment provider", code: "provider_unavailable" } },
      },
    });
    renderHost({ pricing: "market-insights" });
    fireEvent.click(within(card("Daily")).getByRole("button", { name: "Buy a day" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "error.generic" }));
    expect(within(card("Daily")).getByRole<HTMLButtonElement>("button", { name: "Buy a day" }).disabled).toBe(false);
  });

  it("sells lead-sourcing packs again and again; the daily free credits are the current plan", () => {
    renderHost({ pricing: "lead-sourcing" });
    expect(screen.getByRole("dialog", { name: "Credits for finding global buyers" })).toBeTruthy();
    expect(within(card("Free")).getByText("Every day")).toBeTruthy();
    expect(within(card("Free")).getByRole("button", { name: "Current plan" })).toBeTruthy();
    const basic = card("Basic");
    expect(within(basic).getByText("Top up")).toBeTruthy();
    expect(within(basic).queryByText("Current plan")).toBeNull();
    expect(within(basic).getByRole<HTMLButtonElement>("button", { name: "Buy 100 credits" }).disabled).toBe(false);
  });

  it("shows the plans in the interface language, English where a text has no translation", () => {
    renderHost({ pricing: "market-insights", language: "vi" });
    expect(screen.getByRole("dialog", { name: "Các gói Phân tích thị trường" })).toBeTruthy();
    const daily = card("Theo ngày");
    expect(within(daily).getByRole("button", { name: "Mua 1 ngày" })).toBeTruthy();
    expect(within(daily).getByText("One busy day")).toBeTruthy();
    expect(within(daily).getByText("12 US$", { normalizer: (text) => text.replace(/\s/g, " ") })).toBeTruthy();
  });

  it("closes on Escape and takes pricing off the address", () => {
    window.history.replaceState(null, "", "/market-insights?pricing=market-insights&product_name=x");
    renderHost({ pricing: "market-insights" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.search).toBe("?product_name=x");
  });

  it("closes with its close button", () => {
    window.history.replaceState(null, "", "/market-insights?pricing=lead-sourcing");
    renderHost({ pricing: "lead-sourcing" });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("opens from code, puts it in the address, and follows Back", () => {
    renderHost();
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openPricing("lead-sourcing"));
    expect(screen.getByRole("dialog", { name: "Credits for finding global buyers" })).toBeTruthy();
    expect(window.location.search).toBe("?pricing=lead-sourcing");
    act(() => {
      window.history.replaceState(null, "", "/market-insights");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
