import { useId, useState, type SubmitEvent } from "react";
import { useRefreshProfile } from "../../api/billing";
import { askMarketQuestion, isQuotaError, type AiAnswer } from "../../api/market";
import { useT } from "../../i18n/useT";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { Icon } from "../../shell/Icon";
import { openPricing } from "../../stores/pricing";
import { LimitNotice } from "./LimitNotice";

/**
 * The AI question box: asks in plain words, shows the answer and how the question was read
 * (one chip per filter), and hands the filters to the search; "Use in the search form" puts
 * what was read into the form, to correct it there.
 */
export function AiAskBox({
  onAnswer,
  onUseReading,
}: {
  onAnswer: (answer: AiAnswer) => void;
  onUseReading: (answer: AiAnswer) => void;
}) {
  const t = useT();
  const id = useId();
  const handleError = useApiErrorHandler();
  const refreshProfile = useRefreshProfile();
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<AiAnswer | null>(null);
  const [limitReached, setLimitReached] = useState(false);

  const ask = async (event: SubmitEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || pending) return;
    setPending(true);
    setLimitReached(false);
    try {
      const result = await askMarketQuestion(text);
      // An answer with figures counted a query of the day.
      void refreshProfile();
      setAnswer(result);
      onAnswer(result);
    } catch (error) {
      setAnswer(null);
      if (isQuotaError(error)) {
        setLimitReached(true);
        openPricing("market-insights");
      }
      handleError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card ai-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        <Icon name="sparkle" size={16} /> {t("market.ai.title")}
      </h2>
      <form className="ai-box__form" onSubmit={(event) => void ask(event)}>
        <label htmlFor={id} className="sr-only">
          {t("market.ai.label")}
        </label>
        <input
          id={id}
          className="input"
          value={question}
          placeholder={t("market.ai.placeholder")}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={pending || !question.trim()}>
          {pending ? t("market.ai.asking") : t("market.ai.ask")}
        </button>
      </form>
      {limitReached && <LimitNotice />}
      {/* The live region exists before the first answer, so that answer is read out too. */}
      <div aria-live="polite">
        {answer && (
          <div className="ai-box__answer">
            <p>{answer.answer}</p>
            {answer.reading.length > 0 && (
              <div className="ai-box__reading">
                <span className="ai-box__reading-title">{t("market.ai.readAs")}</span>
                <ul className="chips" aria-label={t("market.ai.readAs")}>
                  {answer.reading.map((item) => (
                    <li key={item.field} className="chip ai-box__chip">
                      {item.text}
                    </li>
                  ))}
                </ul>
                <button type="button" className="button button--secondary button--small" onClick={() => onUseReading(answer)}>
                  {t("market.ai.useFilters")}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
