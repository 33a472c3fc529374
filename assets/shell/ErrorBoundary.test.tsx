import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithShell } from "../testing/render";
import { ErrorBoundary } from "./ErrorBoundary";

function Broken(): never {
  throw new Error("render failed");
}

describe("ErrorBoundary", () => {
  it("shows the error screen with refresh and a logout form", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    document.cookie = "csrftoken=abc";
    renderWithShell(
      <ErrorBoundary logoutUrl="/oidc/logout/">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    const logout = screen.getByRole("button", { name: "Logout" });
    const form = logout.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/oidc/logout/");
    expect((form.elements.namedItem("csrfmiddlewaretoken") as HTMLInputElement).value).toBe("abc");
    const reload = vi.fn();
    vi.stubGlobal("location", { reload });
    fireEvent.click(screen.getByRole("button", { name: "Refresh page" }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("renders the page when nothing fails", () => {
    renderWithShell(
      <ErrorBoundary logoutUrl="/oidc/logout/">
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("fine")).toBeTruthy();
  });
});
