import { describe, expect, it } from "vitest";
import en from "./en.json";
import vi from "./vi.json";
import zh from "./zh.json";
import { messagesFor, type Messages } from "./messages";

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}

describe("message catalogues", () => {
  it("have identical keys in English, Vietnamese and Chinese", () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(vi).sort()).toEqual(keys);
    expect(Object.keys(zh).sort()).toEqual(keys);
  });

  it("have no empty texts and the same placeholders in every language", () => {
    for (const [key, text] of Object.entries(en)) {
      for (const catalogue of [vi, zh] as Record<string, string>[]) {
        const translated = catalogue[key] ?? "";
        expect(translated, key).not.toBe("");
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    }
  });

  it("translate the visible texts rather than copying English", () => {
    expect(vi["nav.marketInsights"]).not.toBe(en["nav.marketInsights"]);
    expect(zh["status.unavailable.message"]).not.toBe(en["status.unavailable.message"]);
  });
});

describe("messagesFor", () => {
  const tables = {
    en: { "common.close": "Close" } as Partial<Messages>,
    zh: { "common.close": "关闭", "common.loading": "加载中" } as Partial<Messages>,
    vi: { "common.loading": "Đang tải", "common.comingSoon": "Sắp ra mắt" } as Partial<Messages>,
  };

  it("uses the chosen language first", () => {
    expect(messagesFor("zh", tables)["common.close"]).toBe("关闭");
  });

  it("falls back to English, then Chinese, then Vietnamese", () => {
    const vietnamese = messagesFor("vi", { ...tables, vi: {} });
    expect(vietnamese["common.close"]).toBe("Close");
    expect(vietnamese["common.loading"]).toBe("加载中");
    const english = messagesFor("en", tables);
    expect(english["common.loading"]).toBe("加载中");
    expect(english["common.comingSoon"]).toBe("Sắp ra mắt");
  });
});
