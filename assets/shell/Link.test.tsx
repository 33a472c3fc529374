import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Link, prefetchPage } from "./Link";

function prefetches() {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
}

beforeEach(() => {
  document.head.innerHTML = "";
});

describe("Link preloading", () => {
  it("prefetches the target page on hover and on focus", () => {
    render(<Link href="/market-insights">Market</Link>);
    const link = screen.getByRole("link", { name: "Market" });
    fireEvent.mouseEnter(link);
    expect(prefetches()).toEqual(["http://localhost:3000/market-insights"]);
    document.head.innerHTML = "";
    fireEvent.focus(link);
    expect(prefetches()).toEqual(["http://localhost:3000/market-insights"]);
  });

  it("treats a preload as stale at once and replaces it instead of stacking copies", () => {
    prefetchPage("/profile", document, 1000);
    prefetchPage("/profile", document, 1000);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.dataset.prefetchedAt).toBe("1000");
  });

  it("never prefetches other sites", () => {
    prefetchPage("https://example.org/page");
    expect(prefetches()).toEqual([]);
  });
});
