import { screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import { renderWithShell } from "../../testing/render";
import { ProfilePage } from "./ProfilePage";

function respond(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
    ),
  );
}

function renderPage() {
  renderWithShell(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <ProfilePage />
    </SWRConfig>,
  );
}

describe("ProfilePage", () => {
  it("shows the account and, once loaded, the subscription", async () => {
    respond(200, {
      data: {
        id: 1,
        total_user_query_logs_in_day: 2,
        user_subscription: { status: "active", plan_id: 2, plan: { name: "Monthly" } },
      },
      meta: {},
    });
    renderPage();
    expect(screen.getByText("an@example.com")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Loading…" })).toBeTruthy();
    expect(await screen.findByText("Monthly")).toBeTruthy();
    expect(screen.getByText("active")).toBeTruthy();
    expect(screen.getByText("2")).toBeTruthy();
  });

  it("says so when the subscription cannot be loaded", async () => {
    respond(500, { data: { error: "Boom", fields: {} }, meta: { message: "Boom", code: "server_error" } });
    renderPage();
    expect(await screen.findByText("Your subscription details could not be loaded.")).toBeTruthy();
  });
});
