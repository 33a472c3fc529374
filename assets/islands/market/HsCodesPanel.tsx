import { memo, useDeferredValue, useId, useState, type KeyboardEvent, type SubmitEvent } from "react";
import { useIntl } from "react-intl";
import { HS_CODE_PATTERN, hsDescription, useHsSuggestions } from "../../api/market";
import { useT } from "../../i18n/useT";
import { Icon } from "../../shell/Icon";
import { PanelError } from "../../components/PanelError";
import { Skeleton } from "../../shell/Skeleton";
import { formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import { isFetching, useDeferredData, useHsCodeFigures } from "./useMarketSearch";

interface FilterProps {
  codes: string[];
  onToggle: (code: string) => void;
}

/** The HS-code filter: chips of the chosen codes and a combobox to add one, by its digits or
 * by a product's name in any language, with suggestions named in the interface language
 * (arrow keys move through them, Enter adds, Escape closes). */
export function HsCodeFilter({ codes, onToggle }: FilterProps) {
  const t = useT();
  const id = useId();
  const language = useLanguage();
  const [draft, setDraft] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDeferredValue(draft);
  const { data } = useHsSuggestions(open ? typed : "", language);
  const options = open && draft.trim() ? (data ?? []) : [];
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const choose = (code: string) => {
    setInvalid(false);
    setDraft("");
    setOpen(false);
    setActive(-1);
    if (!codes.includes(code)) onToggle(code);
  };
  const add = (event: SubmitEvent) => {
    event.preventDefault();
    if (active >= 0 && options[active]) {
      choose(options[active].code);
      return;
    }
    const code = draft.replace(/[\s.]/g, "");
    if (!HS_CODE_PATTERN.test(code)) {
      setInvalid(true);
      return;
    }
    choose(code);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };
  const expanded = options.length > 0;
  return (
    <div className="hs-filter">
      <form className="hs-filter__form" onSubmit={add} noValidate>
        <label htmlFor={id} className="form-field__label">
          {t("market.hs.filter")}
        </label>
        <div className="hs-filter__row">
          <div className="hs-filter__combo">
            <input
              id={id}
              className="input"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              value={draft}
              placeholder={t("market.hs.placeholder")}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
            />
            <ul id={listId} role="listbox" aria-label={t("market.hs.suggestions")} className="hs-filter__options" hidden={!expanded}>
              {options.map((option, index) => (
                <li
                  key={option.code}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`hs-filter__option${index === active ? " hs-filter__option--active" : ""}`}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option.code);
                  }}
                >
                  <span className="hs-list__code">{option.code}</span> <span>{option.name}</span>
                </li>
              ))}
            </ul>
          </div>
          <button type="submit" className="button button--secondary">
            {t("market.hs.add")}
          </button>
        </div>
        {invalid && (
          <p id={`${id}-error`} className="form-field__error" role="alert">
            {t("market.hs.invalid")}
          </p>
        )}
      </form>
      {codes.length > 0 && (
        <ul className="chips" aria-label={t("market.hs.selected")}>
          {codes.map((code) => (
            <li key={code} className="chip">
              {code}
              <button
                type="button"
                className="chip__remove"
                aria-label={t("market.hs.remove", { code })}
                onClick={() => onToggle(code)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface PanelProps {
  /** The search's query string; null before a search (the filter only). */
  query: string | null;
  selected: string[];
  onToggle: (code: string) => void;
}

/** The top HS codes of the search; choosing one narrows the search to it. */
export const HsCodesPanel = memo(function HsCodesPanel({ query, selected, onToggle }: PanelProps) {
  const t = useT();
  const answer = useHsCodeFigures(query);
  const { shown: figures, pending } = useDeferredData(answer.data);
  const intl = useIntl();
  const language = useLanguage();
  let body;
  if (!figures && answer.error !== undefined)
    body = <PanelError error={answer.error} retrying={answer.isValidating} onRetry={() => void answer.mutate()} />;
  else if (!figures) body = pending || isFetching(answer) ? <Skeleton /> : null;
  else if (figures.length === 0) body = <p className="table-empty">{t("market.noMatch")}</p>;
  else
    body = (
      <ol className="hs-list">
        {figures.map((figure) => {
          const pressed = selected.includes(figure.hsCode);
          return (
            <li key={figure.hsCode}>
              <button
                type="button"
                className="hs-list__item"
                aria-pressed={pressed}
                title={t(pressed ? "market.hs.remove" : "market.hs.narrow", { code: figure.hsCode })}
                onClick={() => onToggle(figure.hsCode)}
              >
                <span className="hs-list__code">{figure.hsCode}</span>
                <span className="hs-list__description">{hsDescription(figure, language)}</span>
                <span className="hs-list__figures">
                  {t("market.hs.shipments", { count: intl.formatNumber(figure.shipments) })} ·{" "}
                  {formatUsd(figure.valueUsd, language, true)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    );
  return (
    <section className="card market-panel">
      <h2 className="card__title">{t("market.hs.title")}</h2>
      <HsCodeFilter codes={selected} onToggle={onToggle} />
      {body}
    </section>
  );
});
