import { Drawer } from "../../components/Drawer";
import { CHECKS, STATUS_TEXTS, useMyVerifications, type VerificationProgress } from "../../api/verification";
import { formatDateTime } from "../../i18n/format";
import { useLanguage } from "../../i18n/language";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";
import { usePreload } from "../../shell/context";
import { Skeleton } from "../../shell/Skeleton";
import { useParamToggle } from "../../shell/useParamToggle";

/** The search parameter that opens the drawer (spec §2): any non-empty value. */
export const MY_VERIFICATION_PARAM = "my-verification";

/** Whether the drawer is open; it follows the address, on load and on Back and Forward. */
export function useMyVerificationOpen(): [boolean, (open: boolean) => void] {
  const { search } = usePreload();
  return useParamToggle(MY_VERIFICATION_PARAM, Boolean(search.myVerification));
}

/** A verification's status: its verdict once finished and paid, else where it stands. */
export function overallStatus(verification: VerificationProgress): MessageKey {
  if (!verification.finished) return "verification.status.inProgress";
  if (verification.status) return STATUS_TEXTS[verification.status];
  if (CHECKS.every((check) => verification.checkerStates[check] === "error")) return "verification.status.failed";
  return "verification.status.inProgress";
}

/** The companies this user verified, with their status; each opens its result. */
export function MyVerificationDrawer({ onClose }: { onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const { data, error } = useMyVerifications();
  let body;
  if (!data) body = error ? <p className="muted">{t("error.generic")}</p> : <Skeleton />;
  else if (data.length === 0) body = <p className="muted">{t("verification.mine.empty")}</p>;
  else
    body = (
      <ul className="verification-mine">
        {data.map((verification) => {
          const status = overallStatus(verification);
          return (
            <li key={verification.companyId} className="verification-mine__item">
              <a href={`/lead-verification/${verification.companyId}`}>{verification.name}</a>
              <span className="verification-status" data-status={verification.status ?? status.split(".").pop()}>
                {t(status)}
              </span>
              <span className="data-table__detail">
                {[verification.domain, verification.finishedAt && formatDateTime(verification.finishedAt, language)]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Drawer title={t("verification.mine.title")} onClose={onClose} width="narrow">
      {body}
    </Drawer>
  );
}
