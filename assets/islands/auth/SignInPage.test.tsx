import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useLanguageStore } from "../../i18n/language";
import { renderWithShell, testPreload } from "../../testing/render";
import { SignInPage } from "./SignInPage";
import { signinUrl } from "./signinLinks";

const preload = (googleSignIn: boolean) =>
  testPreload({
    page: "signin",
    path: "/signin",
    user: null,
    data: { next: "/find-global-lead?x=1" },
    site: { gaMeasurementId: "", googleSignIn, authenticateUrl: "/oidc/authenticate/", logoutUrl: "/oidc/logout/" },
  });

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  useLanguageStore.setState({ language: "vi" });
  assign = vi.fn();
  vi.stubGlobal("location", { assign });
});

describe("signinUrl", () => {
  it("carries next and the interface language", () => {
    expect(signinUrl("/oidc/authenticate/", { next: "/market-insights", language: "zh" })).toBe(
      "/oidc/authenticate/?next=%2Fmarket-insights&ui_locales=zh",
    );
  });

  it("adds the login hint or the Google identity provider", () => {
    expect(signinUrl("/a/", { next: "/", language: "en", loginHint: "an+1@example.com" })).toBe(
      "/a/?next=%2F&ui_locales=en&login_hint=an%2B1%40example.com",
    );
    expect(signinUrl("/a/", { next: "/", language: "en", idp: "google" })).toBe("/a/?next=%2F&ui_locales=en&idp=google");
  });
});

describe("SignInPage", () => {
  it("links single sign-on to the provider with next and language", () => {
    renderWithShell(<SignInPage />, { preload: preload(false) });
    expect(screen.getByRole("link", { name: "Continue with single sign-on" }).getAttribute("href")).toBe(
      "/oidc/authenticate/?next=%2Ffind-global-lead%3Fx%3D1&ui_locales=vi",
    );
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/signup");
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });

  it("validates the email before continuing with it", () => {
    renderWithShell(<SignInPage />, { preload: preload(false) });
    fireEvent.click(screen.getByRole("button", { name: "Continue with email" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter an email");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "an@farm" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue with email" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address (e.g: name@example.com).");
    expect(assign).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "an@farm.vn" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue with email" }));
    expect(assign).toHaveBeenCalledWith(
      "/oidc/authenticate/?next=%2Ffind-global-lead%3Fx%3D1&ui_locales=vi&login_hint=an%40farm.vn",
    );
  });

  it("says when the last sign-in attempt failed", () => {
    renderWithShell(<SignInPage />, { preload: { ...preload(false), data: { next: "/", signinFailed: true } } });
    expect(screen.getByRole("alert").textContent).toBe("Sign-in failed. Please try again.");
  });

  it("offers Google only when the site enables it", () => {
    renderWithShell(<SignInPage />, { preload: preload(true) });
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(assign).toHaveBeenCalledWith("/oidc/authenticate/?next=%2Ffind-global-lead%3Fx%3D1&ui_locales=vi&idp=google");
  });
});
