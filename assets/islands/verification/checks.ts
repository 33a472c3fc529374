import {
  FREE_RETRY_DAYS,
  VERIFICATION_BASE_CREDITS,
  VERIFICATION_FURTHER_CREDITS,
  VERIFICATION_MAX_CREDITS,
  type CheckName,
  type CheckState,
} from "../../api/verification";
import type { MessageKey } from "../../i18n/messages";
import { useT } from "../../i18n/useT";

export const CHECK_LABELS: Record<CheckName, MessageKey> = {
  companyProfile: "verification.check.companyProfile",
  tradeData: "verification.check.tradeData",
  sanctions: "verification.check.sanctions",
  website: "verification.check.website",
};

/** How the progress view names a check's state (spec §4). */
export const STATE_LABELS: Record<CheckState, MessageKey> = {
  pending: "verification.state.pending",
  in_progress: "verification.state.verifying",
  success: "verification.state.done",
  error: "verification.state.error",
};

/** The charging rule, in the same words wherever it is shown (the confirm dialog, the result). */
export function useChargeRule(): string {
  const t = useT();
  return t("verification.confirm.rule", {
    max: VERIFICATION_MAX_CREDITS,
    base: VERIFICATION_BASE_CREDITS,
    further: VERIFICATION_FURTHER_CREDITS,
    days: FREE_RETRY_DAYS,
  });
}
