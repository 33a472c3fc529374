import type { SWRConfiguration } from "swr";
import { ApiError, apiFetch, type Envelope } from "./client";
import { SEARCH_TIMEOUT } from "./errors";

export const STALE_TIME_MS = 2 * 60 * 1000;
export const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 3000;

export function fetcher<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

/** Fetches an API path and returns its `data`, the value the query cache keeps under that path. */
export async function fetchData<T>(path: string): Promise<T> {
  const body = await apiFetch<Envelope<T>>(path);
  return body.data;
}

/** Retry server and network failures at most twice; a 4xx answer will not change on retry, nor
 * will a search stopped at its time limit. */
export function shouldRetry(error: unknown, retryCount: number): boolean {
  if (retryCount > MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return true;
  const timedOut = error.body.meta?.code === SEARCH_TIMEOUT;
  return !timedOut && !(error.status >= 400 && error.status < 500);
}

export function swrOptions(
  fallback: Record<string, unknown>,
  onError: (error: unknown) => void,
): SWRConfiguration {
  return {
    fetcher,
    fallback,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: STALE_TIME_MS,
    onError,
    onErrorRetry(error, _key, _config, revalidate, options) {
      if (!shouldRetry(error, options.retryCount)) return;
      setTimeout(() => void revalidate(options), RETRY_DELAY_MS * options.retryCount);
    },
  };
}
