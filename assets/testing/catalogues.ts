import en from "../i18n/en.json";
import vi from "../i18n/vi.json";
import zh from "../i18n/zh.json";
import type { Language, Messages } from "../i18n/messages";

/** Every language's catalogue at hand, for tests (a page downloads only its own language's). */
export const CATALOGUES: Record<Language, Messages> = { en, vi, zh };
