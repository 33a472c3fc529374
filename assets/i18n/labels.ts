import { isMessageKey } from "./messages";
import type { Translate } from "./useT";

export type LabelGroup =
  | "product"
  | "billingStatus"
  | "ledger.kind"
  | "ledger.bucket"
  | "leads.fundingStage"
  | "leads.businessType"
  | "leads.industry";

/**
 * The catalogue's text for a value the server sends (a product name, a status, a company's
 * industry), or the value itself; a code no catalogue names ("series_d") reads as words.
 */
export function labelFor(t: Translate, group: LabelGroup, value: string): string {
  const key = `${group}.${value}`;
  if (isMessageKey(key)) return t(key);
  if (!/^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(value)) return value;
  return value
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
