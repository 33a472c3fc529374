import { describe, expect, it, vi } from "vitest";
import { createAnalytics } from "./analytics";

type TestWindow = Window & { dataLayer?: IArguments[]; gtag?: unknown };

function freshWindow(): TestWindow {
  const win = window as TestWindow;
  delete win.dataLayer;
  delete win.gtag;
  document.head.innerHTML = "";
  return win;
}

function pushed(win: TestWindow): unknown[][] {
  return (win.dataLayer ?? []).map((args) => Array.from(args) as unknown[]);
}

describe("analytics", () => {
  it("does nothing without a measurement id and warns exactly once", () => {
    const win = freshWindow();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const analytics = createAnalytics({ measurementId: "", userId: 7, win });
    analytics.pageView();
    analytics.event("navigation", "click");
    analytics.error("api_500", "boom", "/x");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(win.dataLayer).toBeUndefined();
    expect(document.querySelector("script")).toBeNull();
  });

  it("loads the tag and reports page views with path, location, referrer, title and user", () => {
    const win = freshWindow();
    window.history.replaceState(null, "", "/market-insights?pricing=1");
    document.title = "Market Insight";
    const analytics = createAnalytics({ measurementId: "G-TEST", userId: 7, win });
    analytics.pageView();
    const script = document.querySelector("script");
    expect(script?.src).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST");
    const calls = pushed(win);
    expect(calls[1]).toEqual(["config", "G-TEST", { send_page_view: false, user_id: "7" }]);
    expect(calls[2]).toEqual([
      "event",
      "page_view",
      {
        page_path: "/market-insights?pricing=1",
        page_location: "http://localhost:3000/market-insights?pricing=1",
        page_referrer: "",
        page_title: "Market Insight",
        user_id: "7",
      },
    ]);
  });

  it("sends events with category, action, label and params, and error events", () => {
    const win = freshWindow();
    const analytics = createAnalytics({ measurementId: "G-TEST", userId: null, win });
    analytics.event("market_insights", "quota_blocked", "shipments", { quota_limit: 5 });
    analytics.error("api_404", "Not found", "/fast-ai/v1/x");
    const calls = pushed(win);
    expect(calls[2]).toEqual([
      "event",
      "quota_blocked",
      { event_category: "market_insights", event_label: "shipments", quota_limit: 5 },
    ]);
    expect(calls[3]).toEqual([
      "event",
      "error",
      { error_type: "api_404", error_message: "Not found", page_path: "/fast-ai/v1/x" },
    ]);
  });

  it("logs and ignores failures", () => {
    const win = freshWindow();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const analytics = createAnalytics({ measurementId: "G-TEST", userId: null, win });
    win.dataLayer = { push: () => { throw new Error("blocked"); } } as unknown as IArguments[];
    expect(() => analytics.event("auth", "sign_in")).not.toThrow();
    expect(error).toHaveBeenCalledOnce();
  });
});
