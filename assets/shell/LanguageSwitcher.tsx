import { useId } from "react";
import { useLanguageStore } from "../i18n/language";
import { LANGUAGES, isLanguage } from "../i18n/messages";
import { useT } from "../i18n/useT";

export function LanguageSwitcher() {
  const t = useT();
  const id = useId();
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <select
        id={id}
        className="select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.htmlLang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
