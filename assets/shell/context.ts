import { createContext, useContext } from "react";
import type { Analytics } from "./analytics";
import type { Preload } from "./preload";

export const PreloadContext = createContext<Preload | null>(null);
export const AnalyticsContext = createContext<Analytics | null>(null);

export function usePreload(): Preload {
  const preload = useContext(PreloadContext);
  if (!preload) throw new Error("usePreload needs a PreloadContext provider");
  return preload;
}

export function useAnalytics(): Analytics {
  const analytics = useContext(AnalyticsContext);
  if (!analytics) throw new Error("useAnalytics needs an AnalyticsContext provider");
  return analytics;
}
