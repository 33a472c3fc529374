import { useIntl, type IntlShape } from "react-intl";
import { formatMoney } from "../../api/billing";
import { LANGUAGES, type Language } from "../../i18n/messages";
import type { Translate } from "../../i18n/useT";

/** The interface language, read from the intl provider's locale. */
export function useLanguage(): Language {
  const { locale } = useIntl();
  return LANGUAGES.find((entry) => entry.htmlLang === locale || entry.code === locale)?.code ?? "en";
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
