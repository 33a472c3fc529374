import type { MessageKey, Text } from "../i18n/messages";

/** Letters, digits and . _ % + - before the at-sign, a domain, a top-level part of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const EMAIL_EXAMPLE = "name@example.com";
/** RFC 5321's limits: 254 characters in all, 64 before the at-sign (the server's rule too). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return false;
  return email.lastIndexOf("@") <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

export function validateEmail(value: string): Text | null {
  const email = value.trim();
  if (!email) return { id: "validation.emailRequired" };
  if (!isValidEmail(email)) return { id: "validation.emailInvalid", values: { email: EMAIL_EXAMPLE } };
  return null;
}

/** The example both forms and the server give: a Vietnamese mobile number. */
export const PHONE_EXAMPLE = "+84 912 345 678";
// Digits, spaces, dots, dashes and brackets after an optional + (or "00" dialled abroad).
const PHONE_CHARACTERS = /^(\+|＋)?[\d\s().-]+$/;

/**
 * What the forms can tell of a phone number before sending it, as the server's rule says it
 * (apps/core/phones.py): an empty field gets the form's `required` text; a number without its +
 * and country code ("0912 345 678") is asked for the code; one that cannot be a number at all is
 * refused. Whether the number exists in its country is the server's to say (libphonenumber).
 */
export function phoneProblem(value: string, required: MessageKey): Text | null {
  const phone = value.trim();
  if (!phone) return { id: required };
  const digits = phone.replace(/\D/g, "").length;
  if (!PHONE_CHARACTERS.test(phone) || digits < 7 || digits > 15) return { id: "validation.phoneInvalid" };
  const international = /^(\+|＋|00)/.test(phone);
  return international ? null : { id: "validation.phoneCountryCode", values: { example: PHONE_EXAMPLE } };
}

export type DemandField = "firstName" | "lastName" | "email" | "phoneNumber" | "companyName" | "selectedFeatures";

interface DemandValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string;
  selectedFeatures: readonly string[];
}

/**
 * The service-demand form's rules of spec §5, the phone number's as `phoneProblem` reads it.
 */
export function validateServiceDemand(values: DemandValues): Partial<Record<DemandField, Text>> {
  const problems: Partial<Record<DemandField, Text>> = {};
  if (!values.firstName.trim()) problems.firstName = { id: "demand.validation.firstName" };
  if (!values.lastName.trim()) problems.lastName = { id: "demand.validation.lastName" };
  if (!EMAIL_PATTERN.test(values.email.trim())) problems.email = { id: "demand.validation.email" };
  const phone = phoneProblem(values.phoneNumber, "demand.validation.phoneRequired");
  if (phone) problems.phoneNumber = phone;
  if (values.selectedFeatures.length === 0) problems.selectedFeatures = { id: "demand.validation.features" };
  if (!values.companyName.trim()) problems.companyName = { id: "demand.validation.companyName" };
  return problems;
}
