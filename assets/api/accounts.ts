import useSWR from "swr";
import type { Language } from "../i18n/messages";
import type { Credits, Subscription } from "./billing";
import { apiFetch, type Envelope } from "./client";

export const USERS_PATH = "/fast-ai/v1/users";

export interface PlanUsage {
  limitValue: number | null;
  planLimit: { limitType: string };
}

/** The signed-in user's profile (keep in sync with apps/accounts/selectors.py:profile). */
export interface Profile {
  id: number;
  email?: string;
  name?: string;
  /** The market-insights subscription, which carries the daily query quota. */
  userSubscription?: Subscription | null;
  /** One subscription per product. */
  subscriptions?: Subscription[];
  /** Market-insights queries counted today (UTC). */
  totalUserQueryLogsInDay?: number;
  /** Market-insights queries left today; null means no limit. */
  queriesLeftToday?: number | null;
  credits?: Credits | null;
}

/** A profile counts only when it exists and has an id. */
export function isValidProfile(profile: Profile | null | undefined): profile is Profile {
  return typeof profile?.id === "number";
}

export async function fetchProfile(): Promise<Profile | null> {
  const body = await apiFetch<Envelope<Profile | null>>(USERS_PATH);
  return isValidProfile(body.data) ? body.data : null;
}

export function useProfile() {
  return useSWR<Profile | null, unknown>(USERS_PATH, fetchProfile);
}

/** Registers an email; the verification mail is written in the interface language. */
export function registerUser(email: string, language: Language): Promise<unknown> {
  return apiFetch(USERS_PATH, { method: "POST", body: { email, language } });
}
