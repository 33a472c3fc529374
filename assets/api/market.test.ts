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
  it("maps 422 field messages to the form fields, translated by their codes", () => {
    const error = new ApiError(
      422,
      "Unprocessable",
      {
        data: { error: "invalid", fields: { startDate: ["Start date must be before or equal to end date"], importerCountry: ["Nope"] } },
        meta: { message: "invalid", code: "validation_failed", fieldCodes: { startDate: "start_after_end", importerCountry: "invalid" } },
      },
      "/fast-ai/v1/shipments",
    );
    expect(fieldErrorsOf(error)).toEqual({
      startDate: { id: "market.validation.order" },
      importerCountry: { text: "Nope" },
    });
    expect(fieldErrorsOf(new ApiError(500, "x", null, "/"))).toBeNull();
  });

  it("reads the code, not the sentence: a reworded message is still translated", () => {
    const error = new ApiError(
      422,
      "Unprocessable",
      { data: { fields: { productDetails: ["Type letters or an HS code"] } }, meta: { fieldCodes: { productDetails: "product_needs_letters" } } },
      "/fast-ai/v1/shipments",
    );
    expect(fieldErrorsOf(error)).toEqual({ productDetails: { id: "market.validation.productNeedsLetters" } });
  });

  it("recognises the quota answer", () => {
    expect(isQuotaError(new ApiError(403, "Forbidden", { data: { error: "Query limit exceeded for today" } }, "/"))).toBe(true);
    expect(isQuotaError(new ApiError(403, "Forbidden", { data: { error: "Permission Denied" } }, "/"))).toBe(false);
  });
});

describe("input limits from the server", () => {
  it("are translated like the spec's texts", () => {
    const error = new ApiError(
      422,
      "Unprocessable",
      {
        data: { fields: { productDetails: ["Use at most 20 words"], importerName: ["Text must not contain control characters"], page: ["Page must be 10000 or less"] } },
        meta: { fieldCodes: { productDetails: "text_too_many_words", importerName: "control_characters", page: "page_too_far" } },
      },
      "/fast-ai/v1/shipments",
    );
    expect(fieldErrorsOf(error)).toEqual({
      productDetails: { id: "validation.textWords" },
      importerName: { id: "validation.controlCharacters" },
      page: { id: "validation.pageMax" },
    });
  });
});
