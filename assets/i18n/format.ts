import type { IntlShape } from "react-intl";
import type { Translate } from "./useT";
import { LANGUAGES, type Language } from "./messages";

// Intl formatters are slow to create: one per locale and options, kept for the page's life
// (a table formats every row's dates and amounts).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The interface language's locale for Intl ("vi-VN"). */
export function localeOf(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.htmlLang ?? language;
}

/** An amount of money in the interface language; whole amounts without cents ("$12", "5,50 US$"). */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return numberFormat(localeOf(language), {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** A day as Vietnamese readers write it, dd/MM/yyyy (Intl's "medium" gives "5 thg 3, 2026"). */
function vietnameseDay(date: Date, timeZone?: string): string {
  const parts = dateFormat("vi-VN", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")}`;
}

/** A moment's day in the reader's time zone: "Mar 5, 2026", "05/03/2026", "2026年3月5日". */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (language === "vi") return vietnameseDay(date);
  return dateFormat(localeOf(language), { dateStyle: "medium" }).format(date);
}

/** A moment in the reader's time zone: "Mar 5, 2026, 10:00 AM", "05/03/2026 10:00". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (language === "vi") {
    const time = dateFormat("vi-VN", { hour: "2-digit", minute: "2-digit", hour12: false }).format(date);
    return `${vietnameseDay(date)} ${time}`;
  }
  return dateFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A shipment date (ISO) for the language: "Mar 5, 2024", "05/03/2024", "2024-03-05". */
export function formatShipmentDate(iso: string, language: Language): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  if (language === "en") {
    return dateFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(date);
  }
  if (language === "vi") return vietnameseDay(date, "UTC");
  const parts = dateFormat(localeOf(language), { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A month ("2024-03") for the language: "Mar 2024", "03/2024", "2024年3月". */
export function formatMonth(month: string, language: Language): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  const options: Intl.DateTimeFormatOptions =
    language === "en" ? { month: "short", year: "numeric" } : { month: "2-digit", year: "numeric" };
  return dateFormat(localeOf(language), { ...options, timeZone: "UTC" }).format(date);
}

/** Dollars in the interface language; `whole` rounds to whole dollars (totals). */
export function formatUsd(amount: number | null | undefined, language: Language, whole = false): string {
  if (amount === null || amount === undefined) return "—";
  return formatMoney(whole ? Math.round(amount) : Math.round(amount * 100) / 100, "USD", language);
}

/** A weight in tonnes from 1,000 kg upwards, otherwise in kilograms. */
export function formatWeight(t: Translate, intl: IntlShape, kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return "—";
  if (Math.abs(kg) >= 1000) {
    return t("market.unit.tonnes", { value: intl.formatNumber(kg / 1000, { maximumFractionDigits: 1 }) });
  }
  return t("market.unit.kg", { value: intl.formatNumber(kg, { maximumFractionDigits: 1 }) });
}
