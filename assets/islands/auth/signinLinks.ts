import type { Language } from "../../i18n/messages";

export interface SigninOptions {
  next: string;
  language: Language;
  loginHint?: string;
  idp?: "google";
}

/** The address that starts sign-in at the identity provider; passwords are typed only there. */
export function signinUrl(authenticateUrl: string, { next, language, loginHint, idp }: SigninOptions): string {
  const query = new URLSearchParams({ next, ui_locales: language });
  if (loginHint) query.set("login_hint", loginHint);
  if (idp) query.set("idp", idp);
  return `${authenticateUrl}?${query.toString()}`;
}
