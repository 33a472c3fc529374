import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./client";
import { STALE_TIME_MS, shouldRetry, swrOptions } from "./swr";

describe("query behaviour", () => {
  it("never refetches on focus and keeps data fresh for 2 minutes", () => {
    const options = swrOptions({}, vi.fn());
    expect(options.revalidateOnFocus).toBe(false);
    expect(options.dedupingInterval).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(120_000);
  });

  it("retries at most twice and never on a 4xx", () => {
    const serverError = new ApiError(503, "Unavailable", null, "/x");
    expect(shouldRetry(serverError, 1)).toBe(true);
    expect(shouldRetry(serverError, 2)).toBe(true);
    expect(shouldRetry(serverError, 3)).toBe(false);
    expect(shouldRetry(new ApiError(404, "Not Found", null, "/x"), 1)).toBe(false);
    expect(shouldRetry(new ApiError(0, "offline", null, "/x"), 1)).toBe(true);
  });

  it("never retries a search stopped at its time limit", () => {
    const body = { data: { error: "Too long", fields: {} }, meta: { message: "Too long", code: "search_timeout" } };
    expect(shouldRetry(new ApiError(503, "Unavailable", body, "/x"), 1)).toBe(false);
  });

  it("schedules a retry only when allowed", () => {
    vi.useFakeTimers();
    const options = swrOptions({}, vi.fn());
    const revalidate = vi.fn(() => Promise.resolve(true));
    const retry = options.onErrorRetry!;
    retry(new ApiError(422, "Unprocessable", null, "/x"), "/x", {} as never, revalidate, { retryCount: 1, dedupe: true });
    retry(new ApiError(500, "Error", null, "/x"), "/x", {} as never, revalidate, { retryCount: 3, dedupe: true });
    vi.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
    retry(new ApiError(500, "Error", null, "/x"), "/x", {} as never, revalidate, { retryCount: 1, dedupe: true });
    vi.runAllTimers();
    expect(revalidate).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
