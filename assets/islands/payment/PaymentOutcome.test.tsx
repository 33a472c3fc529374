import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../stores/toast";
import { renderWithShell, testPreload } from "../../testing/render";
import { PAYMENT_REDIRECT_DELAY_MS, PaymentOutcome } from "./PaymentOutcome";

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [], lastId: 0 });
  assign = vi.fn();
  vi.stubGlobal("location", { assign });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("PaymentOutcome", () => {
  it("shows 'Payment successful' and then goes to the bought product", () => {
    renderWithShell(<PaymentOutcome />, {
      preload: testPreload({ page: "success", data: { productName: "market-insights", target: "/market-insights" } }),
    });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ variant: "success", title: { id: "payment.success" } });
    expect(screen.getByText("Thank you. Your purchase of Market Insight is confirmed.")).toBeTruthy();
    vi.advanceTimersByTime(PAYMENT_REDIRECT_DELAY_MS - 1);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith("/market-insights");
  });

  it("shows 'Payment failed' and stays when there is no target", () => {
    renderWithShell(<PaymentOutcome />, {
      preload: testPreload({ page: "cancel", data: { productName: "other", target: null } }),
    });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ variant: "error", title: { id: "payment.failed" } });
    expect(screen.getByRole("heading", { name: "Payment failed" })).toBeTruthy();
    vi.runAllTimers();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("PaymentOutcome's notice", () => {
  const order = { id: 7, planId: 99, planName: "Basic", amount: 5, currency: "USD" };

  it.each([
    ["success", "paid", "Thank you. Order #7, Basic ($5), is paid."],
    ["success", "pending", "We are confirming the payment for order #7, Basic ($5). It will show on your profile in a moment."],
    ["cancel", "pending", "Order #7, Basic ($5), was not paid and you have not been charged."],
  ])("names the order on %s when it is %s", (page, status, text) => {
    renderWithShell(<PaymentOutcome />, {
      preload: testPreload({ page: page as "success" | "cancel", data: { productName: "lead-sourcing", target: null, order: { ...order, status } } }),
    });
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("never confirms a purchase of a name the address made up", () => {
    renderWithShell(<PaymentOutcome />, {
      preload: testPreload({ page: "success", data: { productName: "anything", target: null } }),
    });
    expect(screen.getByText("Thank you. Your payment is confirmed.")).toBeTruthy();
    expect(screen.queryByText(/anything/)).toBeNull();
  });
});
