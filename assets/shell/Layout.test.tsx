import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../api/accounts";
import { swrOptions } from "../api/swr";
import { useLanguageStore } from "../i18n/language";
import { clientData, wireProfile } from "../testing/billing";
import { CATALOGUES } from "../testing/catalogues";
import { testPreload } from "../testing/render";
import { PreloadContext } from "./context";
import { Layout } from "./Layout";
import { Tooltip } from "./Tooltip";

function LiveIntl({ children }: { children: ReactNode }) {
  const language = useLanguageStore((state) => state.language);
  return (
    <IntlProvider locale={language} messages={CATALOGUES[language]}>
      {children}
    </IntlProvider>
  );
}

function renderLayout(preload = testPreload()) {
  return render(
    <LiveIntl>
      <SWRConfig value={{ ...swrOptions({ [USERS_PATH]: clientData(wireProfile()) }, () => undefined), provider: () => new Map() }}>
        <PreloadContext value={preload}>
          <Layout>
            <p>page body</p>
          </Layout>
        </PreloadContext>
      </SWRConfig>
    </LiveIntl>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  useLanguageStore.setState({ language: "en" });
  document.cookie = "csrftoken=tok";
});

describe("Layout", () => {
  it("switches the interface language and remembers it", async () => {
    renderLayout();
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "vi" } });
    expect(await screen.findByRole("link", { name: "Phân tích thị trường" })).toBeTruthy();
    expect(window.localStorage.getItem("app_language")).toBe("vi");
    expect(document.documentElement.lang).toBe("vi");
  });

  it("offers the profile and a real sign-out form in the account menu", () => {
    renderLayout();
    fireEvent.click(screen.getByRole("button", { name: /^Account / }));
    expect(screen.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    const form = screen.getByRole("button", { name: "Sign out" }).closest("form")!;
    expect(form.method).toBe("post");
    expect(form.getAttribute("action")).toBe("/oidc/logout/");
    expect((form.elements.namedItem("csrfmiddlewaretoken") as HTMLInputElement).value).toBe("tok");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("offers sign-in to a visitor who is not signed in", () => {
    renderLayout(testPreload({ user: null, page: "not-found" }));
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
  });

  it("opens the sidebar from the menu button on small screens", () => {
    renderLayout();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(document.getElementById("sidebar")?.dataset.open).toBe("true");
  });

  it("starts with a skip link to the main content", () => {
    const { container } = renderLayout();
    const first = container.querySelector<HTMLElement>("a[href], button, input, select");
    expect(first?.textContent).toBe("Skip to main content");
    expect(first?.getAttribute("href")).toBe("#main-content");
    expect(document.getElementById("main-content")?.tagName).toBe("MAIN");
  });

  it("names the account button after its visible email and returns focus to it on Escape", () => {
    renderLayout();
    const email = document.querySelector(".profile-menu__email")!.textContent;
    const button = screen.getByRole("button", { name: `Account ${email}` });
    fireEvent.click(button);
    screen.getByRole("link", { name: "Profile" }).focus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe("ConnectionNotice", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says the app is offline while the browser is, in the interface language", () => {
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    useLanguageStore.setState({ language: "vi" });
    renderLayout();
    const region = screen.getAllByRole("status").find((element) => element.classList.contains("connection-notice-region"));
    expect(region?.textContent).toBe("");
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(region?.textContent).toMatch(/^Bạn đang ngoại tuyến\./);
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(region?.textContent).toBe("");
  });
});

describe("Tooltip", () => {
  it("shows its label on hover and keyboard focus", () => {
    render(
      <Tooltip label="Farm Management · Not available yet">
        <a href="/farm-management">Farm</a>
      </Tooltip>,
    );
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.focus(screen.getByRole("link"));
    expect(screen.getByRole("tooltip").textContent).toBe("Farm Management · Not available yet");
    fireEvent.blur(screen.getByRole("link"));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("hides on Escape while its anchor keeps focus", () => {
    render(
      <Tooltip label="Demo data, not real shipments">
        <button type="button">Demo</button>
      </Tooltip>,
    );
    const anchor = screen.getByRole("button", { name: "Demo" });
    anchor.focus();
    fireEvent.focus(anchor);
    expect(screen.getByRole("tooltip").textContent).toBe("Demo data, not real shipments");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(document.activeElement).toBe(anchor);
  });
});
