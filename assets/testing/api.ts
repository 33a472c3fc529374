import { vi } from "vitest";

export interface StubAnswer {
  status?: number;
  body: unknown;
}

/** Answers keyed by "METHOD /path" (the query string ignored); a function sees the request body. */
export type StubRoutes = Record<string, StubAnswer | ((body: unknown) => StubAnswer)>;

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/** Replaces fetch with the given server answers; anything else is a 404 in the API's error shape. */
export function stubApi(routes: StubRoutes) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const path = urlOf(input).split("?")[0] ?? "";
    const route = routes[`${init?.method ?? "GET"} ${path}`];
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const answer: StubAnswer =
      typeof route === "function"
        ? route(body)
        : (route ?? { status: 404, body: { data: { error: "Not found", fields: {} }, meta: { message: "Not found", code: "not_found" } } });
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /path", with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, route: string): unknown[] {
  const [method, path] = route.split(" ");
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? "GET") === method && urlOf(input).split("?")[0] === path)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : undefined) as unknown);
}
