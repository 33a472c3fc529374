import type { AnchorHTMLAttributes } from "react";

/** Preloaded pages are stale at once: every hover or focus asks again. */
export const PRELOAD_STALE_TIME_MS = 0;

export function prefetchPage(href: string, doc: Document = document, now: number = Date.now()): void {
  const url = new URL(href, doc.baseURI);
  if (url.origin !== new URL(doc.baseURI).origin) return;
  const existing = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].find(
    (link) => link.href === url.href,
  );
  if (existing && now - Number(existing.dataset.prefetchedAt) < PRELOAD_STALE_TIME_MS) return;
  existing?.remove();
  const link = doc.createElement("link");
  link.rel = "prefetch";
  link.as = "document";
  link.href = url.href;
  link.dataset.prefetchedAt = String(now);
  doc.head.appendChild(link);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A link to another page of the site that preloads its target on hover or focus. */
export function Link({ href, onMouseEnter, onFocus, ...rest }: LinkProps) {
  return (
    <a
      href={href}
      onMouseEnter={(event) => {
        prefetchPage(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchPage(href);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
