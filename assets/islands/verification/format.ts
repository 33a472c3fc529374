import { localeOf } from "../../i18n/format";
import type { Language } from "../../i18n/messages";
import type { Translate } from "../../i18n/useT";

const DAYS_PER_MONTH = 365 / 12;

/** An age in days as the spec shows it (§9): whole years, else whole months, else '<1 month'. */
export function formatAge(t: Translate, days: number | null | undefined): string {
  if (days === null || days === undefined || days < 0) return "—";
  const months = Math.floor(days / DAYS_PER_MONTH);
  if (months >= 12) return t("verification.age.years", { count: Math.floor(months / 12) });
  if (months >= 1) return t("verification.age.months", { count: months });
  return t("verification.age.underMonth");
}

/** A sanctions score (0 to 1) as a percentage. */
export function formatScore(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** A country code's name in the interface language ("DE" → "Germany", "Đức", "德国"). */
export function countryLabel(code: string, language: Language): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
