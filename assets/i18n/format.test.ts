import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatShipmentDate } from "./format";

describe("formatting", () => {
  it("writes money for the interface language, cents only when there are some", () => {
    expect(formatMoney(12, "USD", "en")).toBe("$12");
    expect(formatMoney(5.5, "USD", "en")).toBe("$5.50");
    expect(formatMoney(12, "USD", "vi").replace(/\s/g, " ")).toBe("12 US$");
    expect(formatMoney(120, "USD", "zh")).toBe("US$120");
  });

  it("writes dates for the interface language", () => {
    expect(formatDate("2026-03-05T10:00:00Z", "en")).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05T10:00:00Z", "zh")).toBe("2026年3月5日");
    expect(formatDate("2026-03-05T10:00:00Z", "vi")).toBe("05/03/2026");
    expect(formatDateTime("2026-11-27T08:05:00Z", "vi")).toMatch(/^27\/11\/2026 \d{2}:05$/);
  });

  it("shows a shipment date in each language's way", () => {
    expect(formatShipmentDate("2024-03-05", "en")).toBe("Mar 5, 2024");
    expect(formatShipmentDate("2024-03-05", "vi")).toBe("05/03/2024");
    expect(formatShipmentDate("2024-03-05", "zh")).toBe("2024-03-05");
  });
});
