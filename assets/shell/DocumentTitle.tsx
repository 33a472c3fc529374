import { useEffect } from "react";
import type { MessageKey } from "../i18n/messages";
import { useT } from "../i18n/useT";
import { usePreload } from "./context";
import type { PageName } from "./preload";

export const PRODUCT_NAME = "Tradewise";

const PAGE_TITLES: Record<PageName, MessageKey> = {
  signin: "signin.title",
  signup: "signup.title",
  "market-insights": "page.market.title",
  "find-global-lead": "page.findLead.title",
  "find-global-company": "page.findCompany.title",
  "company-detail": "page.companyDetail.title",
  "lead-verification": "page.verification.title",
  "verification-detail": "page.verificationDetail.title",
  success: "payment.success",
  cancel: "payment.failed",
  unavailable: "status.unavailable.title",
  "service-demand": "demand.title",
  "not-found": "status.notFound.title",
  "server-error": "errorScreen.title",
  profile: "profile.title",
};

/** Names the browser tab after the page, in the interface language. */
export function DocumentTitle() {
  const t = useT();
  const { page } = usePreload();
  const title = t(PAGE_TITLES[page]);
  useEffect(() => {
    document.title = title === PRODUCT_NAME || title.includes(PRODUCT_NAME) ? title : `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return null;
}
