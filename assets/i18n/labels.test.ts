import { describe, expect, it } from "vitest";
import vi from "./vi.json";
import zh from "./zh.json";
import { labelFor } from "./labels";
import type { Translate } from "./useT";

const translateWith =
  (catalogue: Record<string, string>): Translate =>
  (id) =>
    catalogue[id] ?? id;

describe("labels of values the server sends", () => {
  it("name a company's industry, business type and funding stage in the reader's language", () => {
    expect(labelFor(translateWith(vi), "leads.businessType", "roaster")).toBe("Cơ sở rang xay");
    expect(labelFor(translateWith(zh), "leads.fundingStage", "series_a")).toBe("A轮");
    expect(labelFor(translateWith(vi), "leads.industry", "Import & Export")).toBe("Xuất nhập khẩu");
  });

  it("show a value no catalogue names as it is, and a code as words", () => {
    expect(labelFor(translateWith(vi), "leads.industry", "Spice Trading")).toBe("Spice Trading");
    expect(labelFor(translateWith(zh), "leads.fundingStage", "series_d")).toBe("Series D");
  });
});
