import { isMessageKey } from "./messages";
import type { Translate } from "./useT";

export type LabelGroup = "product" | "billingStatus" | "ledger.kind" | "ledger.bucket";

/** The catalogue's text for a value the server sends (a product name, a status), or the value itself. */
export function labelFor(t: Translate, group: LabelGroup, value: string): string {
  const key = `${group}.${value}`;
  return isMessageKey(key) ? t(key) : value;
}
