import { afterEach, describe, expect, it, vi } from "vitest";
import { useLanguageStore } from "../i18n/language";
import { ApiError, apiFetch } from "./client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

afterEach(() => {
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("apiFetch", () => {
  it("sends snake_case JSON with the CSRF token and returns camelCase", async () => {
    document.cookie = "csrftoken=tok123";
    const fetchMock = stubFetch(json({ data: { user_id: 1 } }));
    const result = await apiFetch("/fast-ai/v1/users", { method: "POST", body: { emailAddress: "a@b.co" } });
    expect(result).toEqual({ data: { userId: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/fast-ai/v1/users");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"email_address":"a@b.co"}');
    expect((init?.headers as Record<string, string>)["X-CSRFToken"]).toBe("tok123");
  });

  it("tells the server the interface language", async () => {
    const fetchMock = stubFetch(json({ data: [] }));
    useLanguageStore.setState({ language: "vi" });
    await apiFetch("/fast-ai/v1/users/lead-sourcing");
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Record<string, string>)["Accept-Language"]).toBe("vi");
    useLanguageStore.setState({ language: "en" });
  });

  it("adds the query string and no CSRF header on GET", async () => {
    const fetchMock = stubFetch(json({ data: [] }));
    await apiFetch("/fast-ai/v1/shipments", { query: { hs: ["0901"], q: "" } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/fast-ai/v1/shipments?hs=0901");
    expect((init?.headers as Record<string, string>)["X-CSRFToken"]).toBeUndefined();
  });

  it("reads non-JSON responses as text", async () => {
    stubFetch(new Response("plain", { headers: { "Content-Type": "text/plain" } }));
    await expect(apiFetch("/x")).resolves.toBe("plain");
  });

  it("throws ApiError with status, statusText and the camelCase body", async () => {
    stubFetch(json({ data: { error: "Conflict" }, meta: { message: "User already exists", code: "user_exists" } }, 409));
    const error = await apiFetch("/fast-ai/v1/users").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.body.meta?.code).toBe("user_exists");
    expect(apiError.path).toBe("/fast-ai/v1/users");
  });

  it("turns a network failure into status 0", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = (await apiFetch("/x").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
  });
});
