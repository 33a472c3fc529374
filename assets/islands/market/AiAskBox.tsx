import { useId, useState, type SubmitEvent } from "react";
import { askMarketQuestion, isQuotaError, type AiAnswer } from "../../api/market";
import { useT } from "../../i18n/useT";
import { useApiErrorHandler } from "../../shell/errorHandling";
import { Icon } from "../../shell/Icon";
import { openPricing } from "../../stores/pricing";
import { LimitNotice } from "./LimitNotice";

/** The AI question box: asks in plain words, shows the answer and hands its filters to the search. */
export function AiAskBox({ onAnswer }: { onAnswer: (answer: AiAnswer) => void }) {
  const t = useT();
  const id = useId();
  const handleError = useApiErrorHandler();
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [limitReached, setLimitReached] = useState(false);

  const ask = async (event: SubmitEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || pending) return;
    setPending(true);
    setLimitReached(false);
    try {
      const result = await askMarketQuestion(text);
      setAnswer(result.answer);
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
      <div aria-live="polite">{answer && <p className="ai-box__answer">{answer}</p>}</div>
    </section>
  );
}
