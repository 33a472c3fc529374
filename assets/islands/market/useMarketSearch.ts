import { useDeferredValue } from "react";
import useSWR from "swr";
import { useRefreshProfile } from "../../api/billing";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  HS_CODES_PATH,
  PAGE_SIZES,
  SEARCH_FIELDS,
  SHIPMENTS_PATH,
  STATISTICS_PATH,
  SUMMARY_PATH,
  fetchShipmentPage,
  isShipmentSort,
  pageQuery,
  type HsCodeFigure,
  type MonthFigure,
  type ShipmentPage,
  type ShipmentSort,
  type ShipmentStatistics,
} from "../../api/market";
import { fetchData } from "../../api/swr";

/** The query-string keys this page owns in the address bar. */
const SEARCH_KEYS = [...SEARCH_FIELDS, "page_size"];

// One search, four answers: each is cached under its path plus the filter query, so they load
// in parallel and a repeated search comes from the cache. Each panel reads its own answer, so an
// answer that arrives re-renders its panel only. Paging and sorting change only the table's key.

const searchKey = (path: string, query: string | null) => (query === null ? null : `${path}?${query}`);

/** The search's figures; their answer is the one that tells the profile to refresh, since the
 * search was counted (once, whichever of its panels came first) before any of them answered. */
export function useStatistics(query: string | null) {
  const refreshProfile = useRefreshProfile();
  return useSWR<ShipmentStatistics, unknown>(searchKey(STATISTICS_PATH, query), fetchData<ShipmentStatistics>, {
    onSuccess: () => void refreshProfile(),
  });
}

export function useHsCodeFigures(query: string | null) {
  return useSWR<HsCodeFigure[], unknown>(searchKey(HS_CODES_PATH, query), fetchData<HsCodeFigure[]>);
}

export function useMonthFigures(query: string | null) {
  return useSWR<MonthFigure[], unknown>(searchKey(SUMMARY_PATH, query), fetchData<MonthFigure[]>);
}

export function useShipmentPage(query: string | null, page: number, pageSize: number, sort?: ShipmentSort) {
  return useSWR<ShipmentPage, unknown>(
    query === null ? null : `${SHIPMENTS_PATH}?${pageQuery(query, page, pageSize, sort)}`,
    fetchShipmentPage,
    { keepPreviousData: true },
  );
}

/** The first failure among the search's answers. It reads their errors only (SWR re-renders a
 * component for the fields it read), so the page does not re-render as each answer arrives. */
export function useSearchFailure(query: string | null, page: number, pageSize: number, sort?: ShipmentSort): unknown {
  const statistics: unknown = useStatistics(query).error;
  const hsCodes: unknown = useHsCodeFigures(query).error;
  const summary: unknown = useMonthFigures(query).error;
  const table: unknown = useShipmentPage(query, page, pageSize, sort).error;
  return statistics ?? hsCodes ?? summary ?? table;
}

/** Whether an answer is being fetched (a first time or again). */
export function isFetching(state: { isLoading: boolean; isValidating: boolean }): boolean {
  return state.isLoading || state.isValidating;
}

/** An answer's data to render, deferred: SWR hands a new answer over synchronously, so React
 * would render its panel in one long task; deferred, it renders in the background and yields to
 * the browser between components. `pending` holds while the new data is not shown yet. */
export function useDeferredData<T>(data: T): { shown: T; pending: boolean } {
  const shown = useDeferredValue(data);
  return { shown, pending: shown !== data };
}

export function pageSizeFromSearch(search: string): number {
  const value = Number(new URLSearchParams(search).get("page_size"));
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
}

/** Puts the search in the address bar (without a history entry), keeping other parameters. */
export function writeSearchToAddress(query: string, pageSize: number, location: Location = window.location): void {
  const params = new URLSearchParams(location.search);
  for (const name of SEARCH_KEYS) params.delete(name);
  for (const [name, value] of new URLSearchParams(query)) params.append(name, value);
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set("page_size", String(pageSize));
  const search = params.toString();
  window.history.replaceState(window.history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
}

/** The table's order from a query string (the address bar); the default when it names none. */
export function sortFromSearch(search: string): ShipmentSort {
  const value = new URLSearchParams(search).get("sort") ?? "";
  return isShipmentSort(value) ? value : DEFAULT_SORT;
}

/** Puts the table's order in the address bar (without a history entry); the default leaves it out. */
export function writeSortToAddress(sort: ShipmentSort, location: Location = window.location): void {
  const params = new URLSearchParams(location.search);
  if (sort === DEFAULT_SORT) params.delete("sort");
  else params.set("sort", sort);
  const search = params.toString();
  window.history.replaceState(window.history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
}
