export type EventCategory =
  | "navigation"
  | "auth"
  | "subscription"
  | "market_insights"
  | "find_global_lead"
  | "find_global_company"
  | "find_global_buyers"
  | "lead_verification"
  | "service_demand";

export type EventParams = Record<string, string | number | boolean>;

export interface Analytics {
  pageView(): void;
  event(category: EventCategory, action: string, label?: string, params?: EventParams): void;
  error(type: string, message: string, path: string): void;
}

type Gtag = (...args: unknown[]) => void;

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export interface AnalyticsOptions {
  measurementId: string;
  userId: number | null;
  win?: Window;
}

const TAG_URL = "https://www.googletagmanager.com/gtag/js?id=";

function loadTag(win: Window, measurementId: string, userId: number | null): Gtag {
  const target = win as Window & GtagWindow;
  target.dataLayer ??= [];
  const gtag: Gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params
    (target.dataLayer ??= []).push(arguments);
  };
  target.gtag = gtag;
  const script = win.document.createElement("script");
  script.async = true;
  script.src = TAG_URL + encodeURIComponent(measurementId);
  win.document.head.appendChild(script);
  gtag("js", new Date());
  gtag("config", measurementId, {
    send_page_view: false,
    ...(userId === null ? {} : { user_id: String(userId) }),
  });
  return gtag;
}

function guarded(send: Gtag): Gtag {
  return (...args) => {
    try {
      send(...args);
    } catch (failure) {
      console.error("Analytics call failed", failure);
    }
  };
}

const disabled: Analytics = {
  pageView: () => undefined,
  event: () => undefined,
  error: () => undefined,
};

/**
 * Reports to Google Analytics when a measurement id is configured; otherwise every call is a
 * no-op and a single warning says so. Analytics failures never reach the user.
 */
export function createAnalytics({ measurementId, userId, win = window }: AnalyticsOptions): Analytics {
  if (!measurementId) {
    console.warn("Analytics is off: no measurement id is configured.");
    return disabled;
  }
  let send: Gtag;
  try {
    send = guarded(loadTag(win, measurementId, userId));
  } catch (failure) {
    console.error("Analytics could not start", failure);
    return disabled;
  }
  const user = userId === null ? {} : { user_id: String(userId) };
  return {
    pageView() {
      const { location, document } = win;
      send("event", "page_view", {
        page_path: location.pathname + location.search,
        page_location: location.href,
        page_referrer: document.referrer,
        page_title: document.title,
        ...user,
      });
    },
    event(category, action, label, params = {}) {
      send("event", action, {
        event_category: category,
        ...(label === undefined ? {} : { event_label: label }),
        ...params,
        ...user,
      });
    },
    error(type, message, path) {
      send("event", "error", { error_type: type, error_message: message, page_path: path, ...user });
    },
  };
}
