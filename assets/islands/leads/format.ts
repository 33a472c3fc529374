import { useMemo } from "react";
import { countryName, useMarketMeta } from "../../api/market";
import type { Company } from "../../api/leads";
import { isMessageKey } from "../../i18n/messages";
import type { Translate } from "../../i18n/useT";
import { formatUsd, localeOf } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";

export interface CountryOption {
  value: string;
  label: string;
}

/** The market's countries in the interface language, sorted by name, and a code's name. */
export function useCountries(): { options: CountryOption[]; nameOf: (code: string) => string } {
  const { data: meta } = useMarketMeta();
  const language = useLanguage();
  return useMemo(() => {
    const countries = meta?.countries;
    const collator = new Intl.Collator(localeOf(language));
    const options = (countries ?? [])
      .map((country) => ({ value: country.code, label: countryName(countries, country.code, language) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return { options, nameOf: (code: string) => (code ? countryName(countries, code, language) : "—") };
  }, [meta, language]);
}

/** Yearly revenue: the figure when known, otherwise the range the source gave. */
export function formatRevenue(company: Pick<Company, "revenueUsd" | "revenueRange">, language: ReturnType<typeof useLanguage>): string {
  if (company.revenueUsd !== null) return formatUsd(company.revenueUsd, language, true);
  return company.revenueRange || "—";
}

export function formatCount(value: number | null | undefined, language: ReturnType<typeof useLanguage>): string {
  return value === null || value === undefined ? "—" : new Intl.NumberFormat(localeOf(language)).format(value);
}

/** A seniority's label in the interface language. */
export function seniorityLabel(t: Translate, value: string): string {
  const key = `leads.seniority.${value}`;
  return isMessageKey(key) ? t(key) : value;
}
