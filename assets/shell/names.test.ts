import { describe, expect, it } from "vitest";

import { splitName } from "./names";

describe("splitName", () => {
  it("reads a name written given name first", () => {
    expect(splitName("Lan Nguyen")).toEqual(["Lan", "Nguyen"]);
    expect(splitName("  Maria   de la Cruz ")).toEqual(["Maria", "de la Cruz"]);
    expect(splitName("Anh Thu Nguyen")).toEqual(["Anh Thu", "Nguyen"]);
    expect(splitName("Mai Tran")).toEqual(["Mai", "Tran"]);
  });

  it("reads a Vietnamese name written family name first, with or without accents", () => {
    expect(splitName("Nguyễn Văn An")).toEqual(["An", "Nguyễn Văn"]);
    expect(splitName("Đặng Thị Mai")).toEqual(["Mai", "Đặng Thị"]);
    expect(splitName("TRAN THI HOA")).toEqual(["HOA", "TRAN THI"]);
    expect(splitName("Lê Hà")).toEqual(["Hà", "Lê"]);
  });

  it("reads a Chinese name surname first, a two-character surname whole", () => {
    expect(splitName("王小明")).toEqual(["小明", "王"]);
    expect(splitName("王 小明")).toEqual(["小明", "王"]);
    expect(splitName("欧阳娜娜")).toEqual(["娜娜", "欧阳"]);
    expect(splitName("欧阳")).toEqual(["阳", "欧"]);
  });

  it("leaves a single word as the first name and nothing as nothing", () => {
    expect(splitName("Madonna")).toEqual(["Madonna", ""]);
    expect(splitName("   ")).toEqual(["", ""]);
  });
});
