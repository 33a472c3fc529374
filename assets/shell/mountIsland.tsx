import { StrictMode, startTransition, useMemo, type ComponentType, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { IntlProvider } from "react-intl";
import { SWRConfig } from "swr";
import { handleApiError } from "../api/errors";
import { swrOptions } from "../api/swr";
import { initLanguage, useLanguageStore } from "../i18n/language";
import { LANGUAGES } from "../i18n/messages";
import { createAnalytics, type Analytics } from "./analytics";
import { AnalyticsContext, PreloadContext } from "./context";
import { ErrorBoundary } from "./ErrorBoundary";
import { browserErrorDeps } from "./errorHandling";
import { ErrorScreen } from "./ErrorScreen";
import { Layout, PlainLayout } from "./Layout";
import { NotificationStack } from "./NotificationStack";
import { PageViewTracker } from "./PageViewTracker";
import { DocumentTitle } from "./DocumentTitle";
import { DEFAULT_LOGOUT_URL, readPreload, type Preload } from "./preload";
import { Toaster } from "./Toaster";
// Stylesheets in cascade order: each island's own follows these in its bundle.
import "./base.css";
import "../components/styles.css";
import "./styles.css";
import "./feedback.css";

export type LayoutKind = "workspace" | "plain";

function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useLanguageStore((state) => state.language);
  const messages = useLanguageStore((state) => state.messages);
  const locale = LANGUAGES.find((entry) => entry.code === language)?.htmlLang ?? language;
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}

interface IslandProps {
  preload: Preload;
  analytics: Analytics;
  layout: LayoutKind;
  Page: ComponentType;
}

export function Island({ preload, analytics, layout, Page }: IslandProps) {
  const options = useMemo(
    () =>
      swrOptions(preload.api, (error) => handleApiError(error, browserErrorDeps(analytics))),
    [preload.api, analytics],
  );
  const Frame = layout === "workspace" ? Layout : PlainLayout;
  return (
    <LanguageProvider>
      <SWRConfig value={options}>
        <PreloadContext value={preload}>
          <AnalyticsContext value={analytics}>
            <DocumentTitle />
            <PageViewTracker />
            <Frame>
              <ErrorBoundary logoutUrl={preload.site.logoutUrl}>
                <Page />
              </ErrorBoundary>
            </Frame>
            <Toaster />
            {layout === "workspace" && <NotificationStack />}
          </AnalyticsContext>
        </PreloadContext>
      </SWRConfig>
    </LanguageProvider>
  );
}

/** Mounts a page family's island on #root with the page's preloaded data, once the interface
 * language's texts are loaded. */
export function mountIsland(Page: ComponentType, layout: LayoutKind = "workspace"): Promise<void> {
  const element = document.getElementById("root");
  if (!element) throw new Error("The page has no #root element");
  return initLanguage().then(
    () => renderIsland(element, Page, layout),
    (failure: unknown) => {
      // Without its texts the page still works: it shows their keys.
      console.error("The interface texts could not be loaded", failure);
      renderIsland(element, Page, layout);
    },
  );
}

function renderIsland(element: HTMLElement, Page: ComponentType, layout: LayoutKind): void {
  const root = createRoot(element);
  let preload: Preload;
  try {
    preload = readPreload();
  } catch (failure) {
    console.error("The page data could not be read", failure);
    root.render(
      <LanguageProvider>
        <ErrorScreen logoutUrl={DEFAULT_LOGOUT_URL} />
      </LanguageProvider>,
    );
    return;
  }
  const analytics = createAnalytics({ measurementId: preload.site.gaMeasurementId, userId: preload.user?.id ?? null });
  // A transition renders the page in slices, yielding to the browser between components, rather
  // than in one long task that keeps a slow phone from answering a first tap.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Island preload={preload} analytics={analytics} layout={layout} Page={Page} />
      </StrictMode>,
    );
  });
}
