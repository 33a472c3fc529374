import { useId, useState, type SubmitEvent } from "react";
import { useIntl } from "react-intl";
import { HS_CODE_PATTERN, hsDescription, type HsCodeFigure } from "../../api/market";
import { useT } from "../../i18n/useT";
import { Icon } from "../../shell/Icon";
import { Skeleton } from "../../shell/Skeleton";
import { formatUsd } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";

interface FilterProps {
  codes: string[];
  onToggle: (code: string) => void;
}

/** The HS-code filter: chips of the chosen codes and a box to add a 2, 4 or 6 digit code. */
export function HsCodeFilter({ codes, onToggle }: FilterProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState("");
  const [invalid, setInvalid] = useState(false);
  const add = (event: SubmitEvent) => {
    event.preventDefault();
    const code = draft.replace(/[\s.]/g, "");
    if (!HS_CODE_PATTERN.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft("");
    if (!codes.includes(code)) onToggle(code);
  };
  return (
    <div className="hs-filter">
      <form className="hs-filter__form" onSubmit={add} noValidate>
        <label htmlFor={id} className="form-field__label">
          {t("market.hs.filter")}
        </label>
        <div className="hs-filter__row">
          <input
            id={id}
            className="input"
            inputMode="numeric"
            value={draft}
            placeholder={t("market.hs.placeholder")}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
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
  figures: HsCodeFigure[] | undefined;
  loading: boolean;
  selected: string[];
  onToggle: (code: string) => void;
}

/** The top HS codes of the search; choosing one narrows the search to it. */
export function HsCodesPanel({ figures, loading, selected, onToggle }: PanelProps) {
  const t = useT();
  const intl = useIntl();
  const language = useLanguage();
  let body;
  if (!figures) body = loading ? <Skeleton /> : null;
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
}
