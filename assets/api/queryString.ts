export type QueryValue = string | readonly string[] | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * Builds a query string by the product rule: only non-empty strings and non-empty arrays
 * (one repeated key per item) are sent; every other value is dropped. Callers turn numbers
 * such as page and page_size into strings when they mean to send them.
 */
export function buildQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") {
      if (value !== "") search.append(key, value);
    } else if (Array.isArray(value)) {
      for (const item of value as readonly string[]) {
        if (typeof item === "string" && item !== "") search.append(key, item);
      }
    }
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}
