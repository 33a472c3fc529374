import { describe, expect, it } from "vitest";
import { buildQueryString } from "./queryString";

describe("buildQueryString", () => {
  it("sends non-empty strings and repeats the key for each array item", () => {
    expect(buildQueryString({ importer_name: "Acme", countries: ["VN", "US"] })).toBe(
      "?importer_name=Acme&countries=VN&countries=US",
    );
  });

  it("drops empty strings, empty arrays, numbers, booleans, null and undefined", () => {
    expect(
      buildQueryString({ a: "", b: [], c: 3, d: true, e: null, f: undefined, g: 0 }),
    ).toBe("");
  });

  it("sends numbers that callers turned into strings", () => {
    expect(buildQueryString({ page: String(2), page_size: String(25) })).toBe("?page=2&page_size=25");
  });

  it("drops empty items inside arrays and encodes values", () => {
    expect(buildQueryString({ hs: ["", "0901"], q: "coffee & tea" })).toBe("?hs=0901&q=coffee+%26+tea");
  });
});
