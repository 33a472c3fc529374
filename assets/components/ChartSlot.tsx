import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Skeleton } from "../shell/Skeleton";

/** How far below the visible part of the page a chart starts loading. */
const AHEAD = "0px 0px 200px 0px";

/**
 * The place of a lazily loaded chart: a skeleton until the place scrolls near the visible part
 * of the page, then the chart (whose code is fetched then). A chart further down costs the
 * page's first load neither chart.js nor its drawing.
 */
export function ChartSlot({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, test DOMs) the chart loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);
  return <div ref={place}>{near ? <Suspense fallback={<Skeleton />}>{children}</Suspense> : <Skeleton />}</div>;
}
