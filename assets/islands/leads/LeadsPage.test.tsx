import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShell, testPreload } from "../../testing/render";
import { VerificationPage } from "../verification/VerificationPage";
import { LeadsPage } from "./LeadsPage";

describe("lead and verification pages", () => {
  it("shows the lead search header, its tabs and an honest empty state", () => {
    renderWithShell(<LeadsPage />, { preload: testPreload({ page: "find-global-lead", path: "/find-global-lead" }) });
    expect(screen.getByRole("heading", { name: "Find global buyers" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "People" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("Lead search is not available in this workspace yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("links a company detail back to the company list", () => {
    renderWithShell(<LeadsPage />, {
      preload: testPreload({ page: "company-detail", path: "/find-global-company/42", data: { companyId: "42" } }),
    });
    expect(screen.getByRole("link", { name: "Back to companies" }).getAttribute("href")).toBe("/find-global-company");
    expect(screen.getByText("Details for company 42 are not available yet.")).toBeTruthy();
  });

  it("links a verification result back to Lead Verification", () => {
    renderWithShell(<VerificationPage />, {
      preload: testPreload({ page: "verification-detail", path: "/lead-verification/7", data: { companyId: "7" } }),
    });
    expect(screen.getByRole("link", { name: "Back to Lead Verification" }).getAttribute("href")).toBe("/lead-verification");
  });
});
