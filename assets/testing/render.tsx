import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { IntlProvider } from "react-intl";
import type { Language } from "../i18n/messages";
import { CATALOGUES } from "./catalogues";
import { PreloadContext, AnalyticsContext } from "../shell/context";
import type { Analytics } from "../shell/analytics";
import type { Preload } from "../shell/preload";

export const testAnalytics: Analytics = { pageView: () => undefined, event: () => undefined, error: () => undefined };

export function testPreload(overrides: Partial<Preload> = {}): Preload {
  return {
    page: "market-insights",
    path: "/market-insights",
    search: { redirect: "", productName: "", pricing: "", myLeads: "", myVerification: "" },
    user: { id: 1, email: "an@example.com", name: "An Nguyen" },
    site: {
      gaMeasurementId: "",
      googleSignIn: false,
      authenticateUrl: "/oidc/authenticate/",
      logoutUrl: "/oidc/logout/",
    },
    data: {},
    api: {},
    ...overrides,
  };
}

export function renderWithShell(
  ui: ReactElement,
  { language = "en", preload = testPreload() }: { language?: Language; preload?: Preload } = {},
): RenderResult {
  return render(
    <IntlProvider locale={language} messages={CATALOGUES[language]}>
      <PreloadContext value={preload}>
        <AnalyticsContext value={testAnalytics}>{ui}</AnalyticsContext>
      </PreloadContext>
    </IntlProvider>,
  );
}
