import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_REFRESH_PATH } from "../api/billing";
import { callsTo, stubApi } from "../testing/api";
import { SESSION_CHECK_INTERVAL_MS, signInAgainUrl, useSessionMonitor } from "./sessionMonitor";

const REFRESH = `POST ${SESSION_REFRESH_PATH}`;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  document.cookie = "csrftoken=tok";
  assign = vi.fn();
  vi.stubGlobal("location", { assign, pathname: "/find-global-lead", search: "?my-leads=1" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useSessionMonitor", () => {
  it("renews the session every 60000 ms while the user is signed in", async () => {
    const fetchMock = stubApi({ [REFRESH]: { body: { data: { expires_at: "2026-03-05T11:00:00Z", expires_in: 300 } } } });
    const { unmount } = renderHook(() => useSessionMonitor(true));
    expect(SESSION_CHECK_INTERVAL_MS).toBe(60_000);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(2);
    unmount();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it("sends the user to sign in, back to this page, once the session is gone", async () => {
    const fetchMock = stubApi({ [REFRESH]: { status: 401, body: { data: { error: "Signed out" }, meta: {} } } });
    renderHook(() => useSessionMonitor(true));
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(assign).toHaveBeenCalledWith("/signin?redirect=%2Ffind-global-lead%3Fmy-leads%3D1");
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(1);
    expect(assign).toHaveBeenCalledOnce();
  });

  it("keeps the user on the page when a renewal fails for another reason", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetchMock = stubApi({ [REFRESH]: { status: 502, body: { data: { error: "Bad gateway" }, meta: {} } } });
    renderHook(() => useSessionMonitor(true));
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(callsTo(fetchMock, REFRESH)).toHaveLength(2);
    expect(warn).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("does nothing for a visitor who is not signed in", async () => {
    const fetchMock = stubApi({});
    renderHook(() => useSessionMonitor(false));
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("builds the sign-in address from the path and search of the page", () => {
    expect(signInAgainUrl({ pathname: "/profile", search: "" } as Location)).toBe("/signin?redirect=%2Fprofile");
  });
});
