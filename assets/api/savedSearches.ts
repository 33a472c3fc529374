import useSWR from "swr";
import type { MessageKey, Text } from "../i18n/messages";
import { ApiError, apiFetch, type Envelope } from "./client";
import { fieldTextsOf } from "./errors";
import type { MarketFilters } from "./market";
import { fetchData } from "./swr";
import type { ApiSchema } from "./types";

// Keep in sync with apps/market/saved (the saved-searches API contract).
export const SAVED_SEARCHES_PATH = "/fast-ai/v1/saved-searches";

export type SavedSearch = ApiSchema<"SavedSearchOut">;

const SERVER_CODES: Record<string, MessageKey> = {
  too_many_saved_searches: "savedSearch.error.tooMany",
  saved_search_not_found: "savedSearch.error.notFound",
};

/** What went wrong saving or changing a search, in the interface language when known. */
export function savedSearchError(error: unknown): Text {
  if (!(error instanceof ApiError)) return { id: "savedSearch.error.failed" };
  const code = error.body.meta?.code ?? "";
  if (SERVER_CODES[code]) return { id: SERVER_CODES[code] };
  const field = Object.values(fieldTextsOf(error) ?? {})[0];
  if (field) return field;
  const message = error.body.data?.error;
  return message ? { text: message } : { id: "savedSearch.error.failed" };
}

/** The user's saved searches, newest first (callers revalidate it after a change). */
export function useSavedSearches() {
  return useSWR<SavedSearch[], unknown>(SAVED_SEARCHES_PATH, fetchData<SavedSearch[]>);
}

export async function saveSearch(filters: MarketFilters, name: string, alerts: boolean): Promise<SavedSearch> {
  const body = await apiFetch<Envelope<SavedSearch>>(SAVED_SEARCHES_PATH, {
    method: "POST",
    body: { filters, name, alerts },
  });
  return body.data;
}

export async function updateSavedSearch(id: number, change: { name?: string; alerts?: boolean }): Promise<SavedSearch> {
  const body = await apiFetch<Envelope<SavedSearch>>(`${SAVED_SEARCHES_PATH}/${id}`, { method: "PATCH", body: change });
  return body.data;
}

export async function deleteSavedSearch(id: number): Promise<void> {
  await apiFetch<Envelope<unknown>>(`${SAVED_SEARCHES_PATH}/${id}`, { method: "DELETE" });
}
