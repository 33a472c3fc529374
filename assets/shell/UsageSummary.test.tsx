import { act, fireEvent, screen, within } from "@testing-library/react";
import { SWRConfig, mutate } from "swr";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { USERS_PATH } from "../api/accounts";
import { PLANS_PATH, refreshProfile } from "../api/billing";
import { swrOptions } from "../api/swr";
import { usePricingStore } from "../stores/pricing";
import { stubApi } from "../testing/api";
import { WIRE_PLANS, clientData, wireProfile } from "../testing/billing";
import { renderWithShell, testPreload } from "../testing/render";
import { Layout } from "./Layout";

function renderLayout(profile: Record<string, unknown> | null, { sharedCache = false, signedIn = true } = {}) {
  const fallback = { [USERS_PATH]: clientData(profile), [PLANS_PATH]: clientData(WIRE_PLANS) };
  const options = swrOptions(fallback, () => undefined);
  return renderWithShell(
    <SWRConfig value={sharedCache ? options : { ...options, provider: () => new Map() }}>
      <Layout>
        <p>page body</p>
      </Layout>
    </SWRConfig>,
    { preload: testPreload(signedIn ? {} : { user: null, page: "not-found" }) },
  );
}

const queries = () => screen.getByRole("link", { name: /Queries left today/ });
const credits = () => screen.getByRole("link", { name: /Credits/ });

beforeEach(() => {
  usePricingStore.setState({ product: null });
  window.history.replaceState(null, "", "/market-insights");
  document.cookie = "csrftoken=tok";
});

afterEach(async () => {
  // refreshProfile() works on the application-wide cache; leave it empty for the next test.
  await mutate(() => true, undefined, { revalidate: false });
});

describe("the top bar's usage figures", () => {
  it("shows today's queries left and the credit balance from the preloaded profile", () => {
    const fetchMock = stubApi({});
    renderLayout(wireProfile());
    expect(within(queries()).getByText("1")).toBeTruthy();
    expect(within(credits()).getByText("510")).toBeTruthy();
    expect(queries().getAttribute("href")).toBe("/market-insights?pricing=market-insights");
    expect(credits().getAttribute("href")).toBe("/market-insights?pricing=lead-sourcing");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains the balance as free credits today and bought credits", () => {
    renderLayout(wireProfile({ credits: { balance: 507, free: 7, bought: 500, daily_allowance: 10 } }));
    fireEvent.mouseEnter(credits());
    expect(screen.getByRole("tooltip").textContent).toBe("Free today: 7 of 10 · Bought: 500");
  });

  it("says 'Unlimited' when the plan has no daily query limit", () => {
    renderLayout(wireProfile({ queries_left_today: null }));
    expect(within(queries()).getByText("Unlimited")).toBeTruthy();
  });

  it("opens the pricing dialog of each figure's product", () => {
    renderLayout(wireProfile());
    fireEvent.click(credits());
    expect(screen.getByRole("dialog", { name: "Credits for finding global buyers" })).toBeTruthy();
    expect(window.location.search).toBe("?pricing=lead-sourcing");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(queries());
    expect(screen.getByRole("dialog", { name: "Market Insight plans" })).toBeTruthy();
  });

  it("follows the profile when a feature refreshes it after spending", async () => {
    const fetchMock = stubApi({
      [`GET ${USERS_PATH}`]: {
        body: {
          data: wireProfile({ queries_left_today: 0, credits: { balance: 505, free: 5, bought: 500, daily_allowance: 10 } }),
          meta: {},
        },
      },
    });
    renderLayout(wireProfile(), { sharedCache: true });
    expect(within(credits()).getByText("510")).toBeTruthy();
    await act(async () => {
      await refreshProfile();
    });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(within(credits()).getByText("505")).toBeTruthy();
    expect(within(queries()).getByText("0")).toBeTruthy();
  });

  it("leaves out figures the profile does not have", () => {
    renderLayout({ id: 1, user_subscription: null, credits: null });
    expect(screen.queryByRole("link", { name: /Queries left today/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Credits/ })).toBeNull();
  });

  it("shows no figures to a visitor who is not signed in", () => {
    const fetchMock = stubApi({});
    renderLayout(null, { signedIn: false });
    expect(screen.queryByRole("link", { name: /Credits/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
