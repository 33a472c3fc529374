import useSWR from "swr";
import type { Language } from "../i18n/messages";
import { apiFetch } from "./client";

export const USERS_PATH = "/fast-ai/v1/users";

export interface PlanUsage {
  limitValue: number | null;
  planLimit: { limitType: string };
}

export interface Profile {
  id: number;
  totalUserQueryLogsInDay?: number;
  userSubscription?: {
    status: string;
    planId: number;
    plan?: { name?: string; planUsage?: PlanUsage[] } | null;
  } | null;
}

interface Envelope<T> {
  data: T;
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
  return useSWR(USERS_PATH, fetchProfile);
}

/** Registers an email; the verification mail is written in the interface language. */
export function registerUser(email: string, language: Language): Promise<unknown> {
  return apiFetch(USERS_PATH, { method: "POST", body: { email, language } });
}
