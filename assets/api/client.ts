import { camelizeDeep, snakifyDeep } from "./camelCase";
import { localeOf } from "../i18n/format";
import { useLanguageStore } from "../i18n/language";
import { readCsrfToken } from "./csrf";
import { buildQueryString, type QueryParams } from "./queryString";
import type { ApiSchema } from "./types";

/** The shape of every successful API answer: `{"data": ..., "meta": {...}}`. */
export interface Envelope<T, Meta = Record<string, unknown>> {
  data: T;
  meta?: Meta;
}

type ErrorShape = ApiSchema<"ErrorOut">;

/** The one error shape (apps/core/schemas.py), of which a proxy's or a crash's answer may lack any part. */
export interface ErrorBody {
  data?: Partial<ErrorShape["data"]>;
  meta?: Partial<ErrorShape["meta"]>;
}

/** A non-success response (status 0 for a network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  readonly path: string;

  constructor(status: number, statusText: string, data: unknown, path: string) {
    super(`${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.path = path;
  }

  get body(): ErrorBody {
    return this.data !== null && typeof this.data === "object" ? this.data : {};
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) return camelizeDeep(await response.json());
  return response.text();
}

/** Calls the product API on this site with the session cookie and the CSRF header. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? "GET";
  // The interface language, so that what the server writes later (an email) is in it too.
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": localeOf(useLanguageStore.getState().language),
  };
  if (!SAFE_METHODS.has(method)) headers["X-CSRFToken"] = readCsrfToken();
  let body: string | undefined;
  if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(snakifyDeep(request.body));
  }
  const url = path + buildQueryString(request.query ?? {});
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: request.signal,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : "Network error", null, path);
  }
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, response.statusText, data, path);
  return data as T;
}
