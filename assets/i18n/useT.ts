import { useIntl } from "react-intl";
import type { MessageKey, Text } from "./messages";

export type Translate = (id: MessageKey, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

export function useTextFormatter(): (text: Text) => string {
  const t = useT();
  return (text) => ("text" in text ? text.text : t(text.id, text.values));
}
