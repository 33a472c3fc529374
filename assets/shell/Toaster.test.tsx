import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { showToast, useToastStore } from "../stores/toast";
import { Toaster } from "./Toaster";

beforeEach(() => {
  useToastStore.setState({ toasts: [], lastId: 0 });
});

describe("Toaster", () => {
  it("shows one translated toast at a time", () => {
    renderWithShell(<Toaster />, { language: "vi" });
    act(() => {
      showToast({ title: { id: "payment.failed" }, variant: "error" });
      showToast({ title: { id: "payment.success" }, variant: "success" });
    });
    expect(document.querySelectorAll(".toast")).toHaveLength(1);
    expect(screen.getByText("Thanh toán thành công")).toBeTruthy();
  });

  it("closes a toast from its close button", () => {
    renderWithShell(<Toaster />);
    act(() => {
      showToast({ title: { text: "Saved" } });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("F8 moves focus to the toast region", () => {
    renderWithShell(<Toaster />);
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement?.className).toBe("toaster__list");
  });
});
