import { useId } from "react";
import { useLanguageStore } from "../i18n/language";
import { LANGUAGES, isLanguage, type Language } from "../i18n/messages";
import { useT } from "../i18n/useT";
import { useToastStore } from "../stores/toast";

/** The choice shows once its catalogue has arrived; a failed download leaves the current one. */
function switchLanguage(language: Language): void {
  useLanguageStore
    .getState()
    .setLanguage(language)
    .catch((failure: unknown) => {
      console.warn("The language could not be loaded", failure);
      useToastStore.getState().show({ variant: "error", title: { id: "error.generic" } });
    });
}

export function LanguageSwitcher() {
  const t = useT();
  const id = useId();
  const language = useLanguageStore((state) => state.language);
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
          if (isLanguage(event.target.value)) switchLanguage(event.target.value);
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
