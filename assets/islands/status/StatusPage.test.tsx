import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShell, testPreload } from "../../testing/render";
import { StatusPage } from "./StatusPage";

describe("StatusPage", () => {
  it("tells the user an unavailable feature is being worked on", () => {
    renderWithShell(<StatusPage />, { preload: testPreload({ page: "unavailable", path: "/farm-management" }) });
    expect(screen.getByText("We are working on this feature. Please check back later.")).toBeTruthy();
  });

  it("shows the not-found view", () => {
    renderWithShell(<StatusPage />, { preload: testPreload({ page: "not-found", path: "/nowhere" }) });
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("shows the error screen for a server error", () => {
    renderWithShell(<StatusPage />, { preload: testPreload({ page: "server-error" }) });
    expect(screen.getByRole("button", { name: "Refresh page" })).toBeTruthy();
  });
});
