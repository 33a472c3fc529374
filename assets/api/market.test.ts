import { describe, expect, it } from "vitest";
import { ApiError } from "./client";
import {
  defaultPeriod,
  downloadHref,
  emptyFilters,
  fieldErrorsOf,
  filterQuery,
  filtersFromAi,
  filtersFromQuery,
  isQuotaError,
  parseDateInput,
  serverFieldText,
  validateFilters,
  type MarketFilters,
} from "./market";

const NOW = new Date("2026-03-05T10:00:00Z");

function filters(fields: Partial<MarketFilters> = {}): MarketFilters {
  return { ...emptyFilters(NOW), productDetails: "cashew", ...fields };
}

describe("dates", () => {
  it("reads dd-MM-yyyy and dd/MM/yyyy and refuses anything else", () => {
    expect(parseDateInput("05-03-2024")?.toISOString()).toBe("2024-03-05T00:00:00.000Z");
    expect(parseDateInput("5/3/2024")?.toISOString()).toBe("2024-03-05T00:00:00.000Z");
    expect(parseDateInput("2024-03-05")).toBeNull();
    expect(parseDateInput("31-02-2024")).toBeNull();
    expect(parseDateInput("05-03/2024")).toBeNull();
  });

  it("defaults to the last 12 months", () => {
    expect(defaultPeriod(NOW)).toEqual({ startDate: "06-03-2025", endDate: "05-03-2026" });
  });
});

describe("validateFilters", () => {
  it("passes a complete search", () => {
    expect(validateFilters(filters())).toEqual({});
  });

  it("needs a product, an importer or an exporter", () => {
    expect(validateFilters(filters({ productDetails: " " }))).toEqual({ productDetails: { id: "market.validation.oneOf" } });
    expect(validateFilters(filters({ productDetails: "", exporterName: "Intimex" }))).toEqual({});
  });

  it("takes an HS code as the product", () => {
    expect(validateFilters(filters({ productDetails: "", hsCode: ["0901"] }))).toEqual({});
  });

  it("needs both dates, in a known format and in order", () => {
    expect(validateFilters(filters({ startDate: "", endDate: "" }))).toEqual({
      startDate: { id: "market.validation.period" },
      endDate: { id: "market.validation.period" },
    });
    expect(validateFilters(filters({ startDate: "" })).startDate).toEqual({ id: "market.validation.startRequired" });
    expect(validateFilters(filters({ endDate: "" })).endDate).toEqual({ id: "market.validation.endRequired" });
    expect(validateFilters(filters({ endDate: "2024-01-01" })).endDate).toEqual({ id: "market.validation.dateFormat" });
    expect(validateFilters(filters({ startDate: "02/01/2025", endDate: "01-01-2025" })).startDate).toEqual({
      id: "market.validation.order",
    });
    expect(validateFilters(filters({ startDate: "01/01/2025", endDate: "01-01-2025" }))).toEqual({});
  });
});

describe("query strings", () => {
  it("sends the wire names, dd-MM-yyyy dates and one hs_code key per code", () => {
    const query = filterQuery(
      filters({ startDate: "1/2/2025", endDate: "01-03-2025", importerCountry: "US", hsCode: ["0801", "09"] }),
    );
    expect(query).toBe(
      "product_details=cashew&start_date=01-02-2025&end_date=01-03-2025&importer_country=US&hs_code=0801&hs_code=09",
    );
    expect(downloadHref("xlsx", query)).toBe(`/fast-ai/v1/shipments/download?format=xlsx&${query}`);
  });

  it("reads a search back from the address bar", () => {
    const search = filters({ importerName: "Olam", hsCode: ["0801", "09"], exporterCountry: "VN" });
    expect(filtersFromQuery(`?${filterQuery(search)}&pricing=market-insights`, NOW)).toEqual(search);
    expect(filtersFromQuery("?pricing=market-insights", NOW)).toBeNull();
  });

  it("takes the AI box's filters over the defaults", () => {
    expect(
      filtersFromAi({ productDetails: "pepper", importerCountry: "us", startDate: null, hsCode: ["0904"] }, NOW),
    ).toEqual({ ...emptyFilters(NOW), productDetails: "pepper", importerCountry: "US", hsCode: ["0904"] });
  });
});

describe("server answers", () => {
  it("maps 422 field messages to the form fields, translated when known", () => {
    const error = new ApiError(
      422,
      "Unprocessable",
      { data: { error: "invalid", fields: { startDate: ["Start date must be before or equal to end date"], importerCountry: ["Nope"] } } },
      "/fast-ai/v1/shipments",
    );
    expect(fieldErrorsOf(error)).toEqual({
      startDate: { id: "market.validation.order" },
      importerCountry: { text: "Nope" },
    });
    expect(fieldErrorsOf(new ApiError(500, "x", null, "/"))).toBeNull();
    expect(serverFieldText("Unknown country code")).toEqual({ id: "market.validation.country" });
    expect(serverFieldText("HS codes have 2, 4 or 6 digits")).toEqual({ id: "market.hs.invalid" });
    expect(serverFieldText("Enter a product name, or an HS code of 2 to 10 digits")).toEqual({
      id: "market.validation.productNeedsLetters",
    });
    expect(serverFieldText("A company name must contain letters")).toEqual({ id: "market.validation.nameNeedsLetters" });
    expect(serverFieldText("Page must be 1 or more")).toEqual({ id: "market.validation.page" });
  });

  it("recognises the quota answer", () => {
    expect(isQuotaError(new ApiError(403, "Forbidden", { data: { error: "Query limit exceeded for today" } }, "/"))).toBe(true);
    expect(isQuotaError(new ApiError(403, "Forbidden", { data: { error: "Permission Denied" } }, "/"))).toBe(false);
  });
});

describe("input limits from the server", () => {
  it("are translated like the spec's texts", () => {
    expect(serverFieldText("Use at most 20 words")).toEqual({ id: "validation.textWords" });
    expect(serverFieldText("Use at most 200 characters")).toEqual({ id: "validation.textLength" });
    expect(serverFieldText("Text must not contain control characters")).toEqual({ id: "validation.controlCharacters" });
    expect(serverFieldText("Page must be 10000 or less")).toEqual({ id: "validation.pageMax" });
  });
});
