import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../api/market";

/** The page and page size a list was left on, read back from the address. */
export function pagingFromSearch(search: string): { page: number; pageSize: number } {
  const params = new URLSearchParams(search);
  const size = Number(params.get("page_size"));
  const page = Number(params.get("page"));
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** A list's query with its paging, as kept in the address (defaults left out). */
export function listSearch(query: string, page: number, pageSize: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set("page_size", String(pageSize));
  return params.toString();
}

/**
 * Puts a list's search in the address bar (without a history entry); the parameters the shell
 * reads (`pricing`, `my-leads`) stay.
 */
export function writeListToAddress(search: string, location: Location = window.location): void {
  const params = new URLSearchParams(search);
  const current = new URLSearchParams(location.search);
  for (const name of ["pricing", "my-leads"]) {
    const value = current.get(name);
    if (value) params.set(name, value);
  }
  const text = params.toString();
  window.history.replaceState(window.history.state, "", `${location.pathname}${text ? `?${text}` : ""}${location.hash}`);
}
