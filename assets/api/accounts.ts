import useSWR from "swr";
import type { Language } from "../i18n/messages";
import { apiFetch, type Envelope } from "./client";
import type { ApiSchema } from "./types";

export const USERS_PATH = "/fast-ai/v1/users";

type ServerProfile = ApiSchema<"Profile">;

/**
 * The signed-in user's profile as the client reads it: `userSubscription` is the market-insights
 * subscription, which carries the daily query quota; `queriesLeftToday` is null for no limit.
 * Only `id` is sure: the reads stay tolerant of a profile that leaves any other figure out.
 */
export type Profile = Pick<ServerProfile, "id"> & {
  [Key in Exclude<keyof ServerProfile, "id">]?: ServerProfile[Key] | null;
};

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

export const SERVICE_DEMANDS_PATH = `${USERS_PATH}/service-demands`;

/** A demand for features not built yet; `selectedFeatures` are their routes without the slash. */
export interface ServiceDemand {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string;
  jobTitle: string;
  selectedFeatures: string[];
}

/** Sends the demand; the server's thanks come back in `language`. */
export async function submitServiceDemand(demand: ServiceDemand, language: Language): Promise<string> {
  const body = await apiFetch<Envelope<{ message: string }>>(SERVICE_DEMANDS_PATH, {
    method: "POST",
    body: { ...demand, language },
  });
  return body.data.message;
}
