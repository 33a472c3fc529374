import type { Text } from "../i18n/messages";

/** Letters, digits and . _ % + - before the at-sign, a domain, a top-level part of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_EXAMPLE = "name@example.com";

export function validateEmail(value: string): Text | null {
  const email = value.trim();
  if (!email) return { id: "validation.emailRequired" };
  if (!EMAIL_PATTERN.test(email)) return { id: "validation.emailInvalid", values: { email: EMAIL_EXAMPLE } };
  return null;
}
