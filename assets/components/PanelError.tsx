import { ApiError } from "../api/client";
import { SEARCH_TIMEOUT, serverText } from "../api/errors";
import { useT, useTextFormatter } from "../i18n/useT";
import { useOnline } from "../shell/connection";

/** Whether asking again may give another answer: a lost connection, a server failure, a
 * refusal for too many searches at once; not a search stopped at its time limit, nor a request
 * the server refused for what it asked (the form or the pricing dialog says why). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.body.meta?.code === SEARCH_TIMEOUT) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

interface Props {
  error: unknown;
  /** Asks for the panel's answer again. */
  onRetry: () => void;
  /** Whether the answer is being asked for again (the button waits meanwhile). */
  retrying: boolean;
}

/** What a panel shows when its answer could not be fetched: why, in the user's language, and a
 * button to try again when trying again may help. */
export function PanelError({ error, onRetry, retrying }: Props) {
  const t = useT();
  const format = useTextFormatter();
  const online = useOnline();
  let message: string;
  if (error instanceof ApiError && error.status === 0) {
    message = t(online ? "panel.error.network" : "panel.error.offline");
  } else if (error instanceof ApiError && error.status >= 400) {
    // A code the catalogue knows (too many searches, a search stopped at its time limit) in the
    // user's language; a refused search otherwise points at the form, which names the fields.
    const known = serverText(error);
    if ("id" in known && known.id !== "error.generic") message = format(known);
    else message = t(error.status < 500 ? "panel.error.refused" : "panel.error.server");
  } else {
    message = t("panel.error.server");
  }
  return (
    <div className="panel-error" role="alert">
      <p className="panel-error__message">{message}</p>
      {isRetryable(error) && (
        <button type="button" className="button button--secondary button--small" disabled={retrying} onClick={onRetry}>
          {t(retrying ? "panel.retrying" : "panel.retry")}
        </button>
      )}
    </div>
  );
}
