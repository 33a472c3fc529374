import type english from "./en.json";

export type MessageKey = keyof typeof english;
export type Messages = Record<MessageKey, string>;
export type Language = "en" | "vi" | "zh";

/** A visible text: a catalogue entry, or text that arrives already written (e.g. from the server). */
export type Text = { id: MessageKey; values?: Record<string, string | number> } | { text: string };

export const LANGUAGES: readonly { code: Language; label: string; htmlLang: string }[] = [
  { code: "en", label: "English", htmlLang: "en" },
  { code: "vi", label: "Tiếng Việt", htmlLang: "vi" },
  { code: "zh", label: "中文", htmlLang: "zh-Hans" },
];

// Each catalogue is a chunk of its own (messages-en, -vi, -zh; the page's HTML loads the
// language cookie's with the bundles), so a page downloads one language, not three. The catalogues share their keys (a
// test checks it), so one catalogue is the whole interface.
const CATALOGUE_CHUNKS: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ "./en.json"),
  vi: () => import(/* webpackChunkName: "messages-vi" */ "./vi.json"),
  zh: () => import(/* webpackChunkName: "messages-zh" */ "./zh.json"),
};
const loaded: Partial<Record<Language, Messages>> = {};

/** A language's catalogue, fetched the first time it is asked for. */
export async function loadMessages(language: Language): Promise<Messages> {
  const catalogue = loaded[language] ?? (await CATALOGUE_CHUNKS[language]()).default;
  loaded[language] = catalogue;
  return catalogue;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** Whether `key` names a text: true for every key of the catalogues once one is loaded. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.values(loaded).some((catalogue) => Object.hasOwn(catalogue, key));
}
