import type { Text } from "../i18n/messages";

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
 * The service-demand form's rules of spec §5. Whether a phone number is a valid international
 * number is the server's to say (it parses it with libphonenumber); the form only needs one.
 */
export function validateServiceDemand(values: DemandValues): Partial<Record<DemandField, Text>> {
  const problems: Partial<Record<DemandField, Text>> = {};
  if (!values.firstName.trim()) problems.firstName = { id: "demand.validation.firstName" };
  if (!values.lastName.trim()) problems.lastName = { id: "demand.validation.lastName" };
  if (!EMAIL_PATTERN.test(values.email.trim())) problems.email = { id: "demand.validation.email" };
  if (!values.phoneNumber.trim()) problems.phoneNumber = { id: "demand.validation.phoneRequired" };
  if (values.selectedFeatures.length === 0) problems.selectedFeatures = { id: "demand.validation.features" };
  if (!values.companyName.trim()) problems.companyName = { id: "demand.validation.companyName" };
  return problems;
}
