import { describe, expect, it } from "vitest";
import en from "./en.json";
import vi from "./vi.json";
import zh from "./zh.json";
import { isMessageKey, loadMessages } from "./messages";

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

describe("loadMessages", () => {
  it("gives a language's own catalogue", async () => {
    expect((await loadMessages("zh"))["common.close"]).toBe(zh["common.close"]);
    expect((await loadMessages("vi"))["common.close"]).toBe(vi["common.close"]);
  });

  it("knows the catalogue keys once loaded", async () => {
    await loadMessages("en");
    expect(isMessageKey("common.close")).toBe(true);
    expect(isMessageKey("common.nothing-like-this")).toBe(false);
  });
});
