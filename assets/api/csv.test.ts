import { describe, expect, it } from "vitest";

import { csvField, csvText, safeCell } from "./csv";

describe("safeCell", () => {
  it.each(['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1"])(
    "quotes text that starts a formula: %j",
    (text) => {
      expect(safeCell(text)).toBe(`'${text}`);
    },
  );

  it("keeps other text and numbers, negative ones too", () => {
    expect(safeCell("a=b")).toBe("a=b");
    expect(safeCell(" =1")).toBe(" =1");
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(null)).toBeNull();
  });
});

describe("csvText", () => {
  it("neutralises and quotes each field", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField(-1.5)).toBe("-1.5");
    expect(csvText([["a", "b"], ["Buyer, nuts", "-x"]])).toBe(`a,b\r\n"Buyer, nuts",'-x\r\n`);
  });
});
