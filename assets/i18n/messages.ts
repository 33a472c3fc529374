import en from "./en.json";
import vi from "./vi.json";
import zh from "./zh.json";

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type Language = "en" | "vi" | "zh";

/** A visible text: a catalogue entry, or text that arrives already written (e.g. from the server). */
export type Text = { id: MessageKey; values?: Record<string, string | number> } | { text: string };

export const LANGUAGES: readonly { code: Language; label: string; htmlLang: string }[] = [
  { code: "en", label: "English", htmlLang: "en" },
  { code: "vi", label: "Tiếng Việt", htmlLang: "vi" },
  { code: "zh", label: "中文", htmlLang: "zh-Hans" },
];

export const CATALOGUES: Record<Language, Partial<Messages>> = { en, vi, zh };

/** Missing entries fall back to English, then Chinese, then Vietnamese. */
export const FALLBACK_ORDER: readonly Language[] = ["en", "zh", "vi"];

export function messagesFor(
  language: Language,
  catalogues: Record<Language, Partial<Messages>> = CATALOGUES,
): Partial<Messages> {
  const chain = [language, ...FALLBACK_ORDER.filter((code) => code !== language)];
  return Object.assign({}, ...[...chain].reverse().map((code) => catalogues[code])) as Partial<Messages>;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}
