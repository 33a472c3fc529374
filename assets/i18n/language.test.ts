import { beforeEach, describe, expect, it } from "vitest";
import { CATALOGUES } from "../testing/catalogues";
import { LANGUAGE_STORAGE_KEY, initLanguage, readStoredLanguage, useLanguageStore } from "./language";

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = "";
});

describe("language choice", () => {
  it("defaults to English", () => {
    expect(readStoredLanguage()).toBe("en");
  });

  it("reads the stored language from app_language", () => {
    window.localStorage.setItem("app_language", "vi");
    expect(readStoredLanguage()).toBe("vi");
  });

  it("follows the language the server rendered the page in when none is stored", () => {
    document.documentElement.lang = "zh-Hans";
    expect(readStoredLanguage()).toBe("zh");
    document.documentElement.lang = "vi";
    expect(readStoredLanguage()).toBe("vi");
    document.documentElement.lang = "fr";
    expect(readStoredLanguage()).toBe("en");
  });

  it("prefers the stored choice to the page's language", () => {
    document.documentElement.lang = "vi";
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "zh");
    expect(readStoredLanguage()).toBe("zh");
  });

  it("ignores an unknown stored language", () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "fr");
    expect(readStoredLanguage()).toBe("en");
  });

  it("saves a change and sets the document language", async () => {
    await useLanguageStore.getState().setLanguage("zh");
    expect(window.localStorage.getItem("app_language")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh-Hans");
    expect(document.cookie).toContain("django_language=zh-hans");
    expect(useLanguageStore.getState().language).toBe("zh");
    expect(useLanguageStore.getState().messages["common.close"]).toBe("关闭");
  });

  it("starts from the stored language, with its texts", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "vi");
    expect(await initLanguage()).toBe("vi");
    expect(document.documentElement.lang).toBe("vi");
    expect(useLanguageStore.getState().messages["common.close"]).toBe(CATALOGUES.vi["common.close"]);
  });
});
