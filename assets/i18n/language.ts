import { useIntl } from "react-intl";
import { create } from "zustand";
import { LANGUAGES, isLanguage, loadMessages, type Language, type Messages } from "./messages";

export const LANGUAGE_STORAGE_KEY = "app_language";
export const DEFAULT_LANGUAGE: Language = "en";
/** The same choice in Django's language cookie (its language codes), so the server sends pages
 * and texts in the interface language. */
export const LANGUAGE_COOKIE = "django_language";
const SERVER_CODES: Record<Language, string> = { en: "en", vi: "vi", zh: "zh-hans" };
const ONE_YEAR_S = 365 * 24 * 3600;

/** The language the server wrote the page in (`<html lang>`): the visitor's cookie, else the
 * browser's languages. Its catalogue is the one the page already loads. */
export function documentLanguage(root: HTMLElement = document.documentElement): Language {
  const lang = root.lang.toLowerCase();
  const entry = LANGUAGES.find((item) => item.htmlLang.toLowerCase() === lang || item.code === lang.split("-")[0]);
  return entry?.code ?? DEFAULT_LANGUAGE;
}

/** The visitor's chosen language; on a first visit, the one the server rendered the page in. */
export function readStoredLanguage(storage: Storage = window.localStorage): Language {
  try {
    const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : documentLanguage();
  } catch {
    return documentLanguage();
  }
}

/** The Chinese font's stylesheet (about 100 KB of @font-face rules) loads only for Chinese,
 * so it does not hold up the first paint of English and Vietnamese pages. */
function loadChineseFont(): void {
  import("@fontsource/noto-sans-sc/400.css").catch((failure: unknown) => {
    console.warn("The Chinese font could not be loaded", failure);
  });
}

export function applyDocumentLanguage(language: Language): void {
  if (language === "zh") loadChineseFont();
  const entry = LANGUAGES.find((item) => item.code === language);
  document.documentElement.lang = entry?.htmlLang ?? language;
  document.cookie = `${LANGUAGE_COOKIE}=${SERVER_CODES[language]}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

interface LanguageState {
  language: Language;
  /** The language's catalogue; empty until initLanguage has loaded it. */
  messages: Partial<Messages>;
  /** Switches once the new language's catalogue is loaded, so no text shows half translated. */
  setLanguage: (language: Language) => Promise<void>;
}

export const useLanguageStore = create<LanguageState>()((set) => ({
  language: DEFAULT_LANGUAGE,
  messages: {},
  async setLanguage(language) {
    const messages = await loadMessages(language);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch (failure) {
      console.warn("The language choice could not be saved", failure);
    }
    applyDocumentLanguage(language);
    set({ language, messages });
  },
}));

/** Starts the interface in the stored (else the page's) language, once its catalogue is loaded. */
export async function initLanguage(): Promise<Language> {
  const language = readStoredLanguage();
  applyDocumentLanguage(language);
  useLanguageStore.setState({ language, messages: await loadMessages(language) });
  return language;
}

/** The interface language, read from the intl provider's locale. */
export function useLanguage(): Language {
  const { locale } = useIntl();
  return LANGUAGES.find((entry) => entry.htmlLang === locale || entry.code === locale)?.code ?? "en";
}
