import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithShell, testPreload } from "../testing/render";
import { DocumentTitle } from "./DocumentTitle";

describe("DocumentTitle", () => {
  it("names the tab after the page, in the interface language", async () => {
    renderWithShell(<DocumentTitle />, { language: "vi", preload: testPreload({ page: "profile" }) });
    await waitFor(() => expect(document.title).toBe("Hồ sơ · Tradewise"));
  });

  it("does not repeat the product's name", async () => {
    renderWithShell(<DocumentTitle />, { preload: testPreload({ page: "signin" }) });
    await waitFor(() => expect(document.title).toBe("Sign in to Tradewise"));
  });
});
