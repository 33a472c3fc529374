import { CHECKS, type CheckName, type CheckState } from "../../api/verification";
import type { MessageKey } from "../../i18n/messages";

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

export function isCheckName(name: string): name is CheckName {
  return (CHECKS as readonly string[]).includes(name);
}
