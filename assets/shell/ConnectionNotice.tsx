import { useT } from "../i18n/useT";
import { useOnline } from "./connection";

/** Tells the user the browser is offline, and that what failed loads again once it is back
 * (the panels ask again by themselves on reconnecting). The live region is always there, so the
 * change is read out when it happens. */
export function ConnectionNotice() {
  const t = useT();
  const online = useOnline();
  return (
    <div role="status" className="connection-notice-region">
      {!online && (
        <p className="connection-notice">
          {t("connection.offline")}
        </p>
      )}
    </div>
  );
}
