import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithShell } from "../testing/render";
import { ChartSlot } from "./ChartSlot";

describe("ChartSlot", () => {
  it("shows a skeleton until its place scrolls near the screen, then the chart", () => {
    let report: IntersectionObserverCallback = () => undefined;
    const observe = vi.fn();
    const disconnect = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      vi.fn(function (this: unknown, callback: IntersectionObserverCallback) {
        report = callback;
        return { observe, disconnect };
      }),
    );
    renderWithShell(
      <ChartSlot>
        <canvas aria-label="the chart" />
      </ChartSlot>,
    );
    expect(screen.getByRole("status", { name: "Loading…" })).toBeTruthy();
    expect(screen.queryByLabelText("the chart")).toBeNull();
    expect(observe).toHaveBeenCalledOnce();

    act(() => {
      report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.getByLabelText("the chart")).toBeTruthy();
    expect(disconnect).toHaveBeenCalled();
  });

  it("draws at once where the browser cannot tell where the page is scrolled", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderWithShell(
      <ChartSlot>
        <canvas aria-label="the chart" />
      </ChartSlot>,
    );
    expect(screen.getByLabelText("the chart")).toBeTruthy();
  });
});
