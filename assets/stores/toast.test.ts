import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, showToast, useToastStore } from "./toast";

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [], lastId: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store", () => {
  it("keeps only the newest toast", () => {
    showToast({ title: { text: "first" } });
    showToast({ title: { text: "second" }, variant: "success" });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: { text: "second" }, variant: "success", open: true });
  });

  it("defaults to the default variant", () => {
    showToast({ title: { text: "plain" } });
    expect(useToastStore.getState().toasts[0]?.variant).toBe("default");
  });

  it("closes after 5000 ms and is removed 1,000,000 ms after closing", () => {
    showToast({ title: { text: "hello" } });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(useToastStore.getState().toasts[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it("dismisses on request", () => {
    const id = showToast({ title: { text: "bye" } });
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });
});
