import useSWR from "swr";
import type { MessageKey, Text } from "../i18n/messages";
import { ApiError, apiFetch, type Envelope } from "./client";
import type { MarketFilters } from "./market";
import { fetchData } from "./swr";
import type { ApiSchema } from "./types";

// Keep in sync with apps/market/saved (the saved-searches API contract).
export const SAVED_SEARCHES_PATH = "/fast-ai/v1/saved-searches";

export type SavedSearch = ApiSchema<"SavedSearchOut">;

/** The server's texts of the saved-search answers and their catalogue entries. */
const SERVER_TEXTS: Record<string, MessageKey> = {
  "Please enter a name": "savedSearch.error.nameRequired",
  "Names have at most 120 characters": "savedSearch.error.nameTooLong",
};
const SERVER_CODES: Record<string, MessageKey> = {
  too_many_saved_searches: "savedSearch.error.tooMany",
  saved_search_not_found: "savedSearch.error.notFound",
};

/** What went wrong saving or changing a search, in the interface language when known. */
export function savedSearchError(error: unknown): Text {
  if (!(error instanceof ApiError)) return { id: "savedSearch.error.failed" };
  const code = error.body.meta?.code ?? "";
  if (SERVER_CODES[code]) return { id: SERVER_CODES[code] };
  const fields = error.body.data?.fields ?? {};
  const first = Object.values(fields)[0]?.[0] ?? error.body.data?.error ?? "";
  if (SERVER_TEXTS[first]) return { id: SERVER_TEXTS[first] };
  return first ? { text: first } : { id: "savedSearch.error.failed" };
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
