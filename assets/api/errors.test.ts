import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./client";
import { handleApiError, type ErrorHandlerDeps } from "./errors";

function makeDeps() {
  return {
    notify: vi.fn<ErrorHandlerDeps["notify"]>(),
    redirect: vi.fn<ErrorHandlerDeps["redirect"]>(),
    analytics: { pageView: vi.fn(), event: vi.fn(), error: vi.fn() },
    log: { warn: vi.fn(), error: vi.fn() },
  };
}

function apiError(status: number, body: unknown = {}): ApiError {
  return new ApiError(status, "Status text", body, "/fast-ai/v1/shipments");
}

function envelope(error: string, message: string, code = "x") {
  return { data: { error, fields: {} }, meta: { message, code } };
}

function toastTitles(deps: ReturnType<typeof makeDeps>) {
  return deps.notify.mock.calls.map(([toast]) => toast.title);
}

describe("handleApiError", () => {
  it("0: logs a network error only", () => {
    const deps = makeDeps();
    handleApiError(apiError(0), deps);
    expect(deps.log.error).toHaveBeenCalledOnce();
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.analytics.error).not.toHaveBeenCalled();
  });

  it("401: permission toast and redirect home", () => {
    const deps = makeDeps();
    handleApiError(apiError(401, envelope("Not signed in", "Please login to use this feature")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.permission" }]);
    expect(deps.redirect).toHaveBeenCalledWith("/");
    expect(deps.log.warn).toHaveBeenCalled();
  });

  it("403 with query limit exceeded: quota toast and quota-blocked event", () => {
    const deps = makeDeps();
    handleApiError(apiError(403, envelope("Daily query limit exceeded", "Upgrade")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.queryLimit" }]);
    expect(deps.analytics.event).toHaveBeenCalledWith("market_insights", "quota_blocked", "/fast-ai/v1/shipments", {
      quota_limit: 5,
    });
  });

  it("403 with insufficient credit in meta.message: credit toast and find-global-buyers event", () => {
    const deps = makeDeps();
    handleApiError(apiError(403, envelope("Forbidden", "Insufficient credit for this request")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.insufficientCredit" }]);
    expect(deps.analytics.event).toHaveBeenCalledWith("find_global_buyers", "credit_blocked", "/fast-ai/v1/shipments");
  });

  it("other 403: permission toast, no blocked event", () => {
    const deps = makeDeps();
    handleApiError(apiError(403, envelope("Permission Denied", "Permission Denied")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.permission" }]);
    expect(deps.analytics.event).not.toHaveBeenCalled();
  });

  it.each([404, 422])("%i: logged only", (status) => {
    const deps = makeDeps();
    handleApiError(apiError(status, envelope("Bad", "Bad")), deps);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.redirect).not.toHaveBeenCalled();
    expect(deps.log.warn).toHaveBeenCalledOnce();
  });

  it("409: toast with the server message, translated through its code when known", () => {
    const known = makeDeps();
    handleApiError(apiError(409, envelope("Conflict", "User already exists", "user_exists")), known);
    expect(toastTitles(known)).toEqual([{ id: "error.code.user_exists" }]);
    const unknown = makeDeps();
    handleApiError(apiError(409, envelope("Conflict", "Order already paid", "order_paid")), unknown);
    expect(toastTitles(unknown)).toEqual([{ text: "Order already paid" }]);
  });

  it.each([500, 502, 503, 504])("%i with insufficient credit in data.error: query-limit toast", (status) => {
    const deps = makeDeps();
    handleApiError(apiError(status, envelope("Insufficient credit", "Server error")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.queryLimit" }]);
  });

  it.each([500, 502, 503, 504])("%i otherwise: logged only", (status) => {
    const deps = makeDeps();
    handleApiError(apiError(status, envelope("Boom", "Boom")), deps);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.log.error).toHaveBeenCalledOnce();
  });

  it("503 of a search stopped at its time limit: its translated message", () => {
    const deps = makeDeps();
    handleApiError(apiError(503, envelope("Too long", "Too long", "search_timeout")), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.code.search_timeout" }]);
  });

  it.each(["too_many_searches", "searches_running"])("429 %s: its translated message", (code) => {
    const deps = makeDeps();
    handleApiError(apiError(429, envelope("Wait", "Wait", code)), deps);
    expect(toastTitles(deps)).toEqual([{ id: `error.code.${code}` }]);
  });

  it.each([400, 405, 429, 501, 302])("%i: generic toast", (status) => {
    const deps = makeDeps();
    handleApiError(apiError(status), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.generic" }]);
  });

  it.each([400, 401, 403, 404, 409, 422, 500, 503])("%i sends an api_%i error event", (status) => {
    const deps = makeDeps();
    handleApiError(apiError(status, envelope("Reason", "Readable reason")), deps);
    expect(deps.analytics.error).toHaveBeenCalledWith(`api_${status}`, "Readable reason", "/fast-ai/v1/shipments");
  });

  it("does not send an error event below 400", () => {
    const deps = makeDeps();
    handleApiError(apiError(302), deps);
    expect(deps.analytics.error).not.toHaveBeenCalled();
  });

  it("treats a failure that is not an API error as something that went wrong", () => {
    const deps = makeDeps();
    handleApiError(new TypeError("x is undefined"), deps);
    expect(toastTitles(deps)).toEqual([{ id: "error.generic" }]);
    expect(deps.log.error).toHaveBeenCalled();
  });
});
