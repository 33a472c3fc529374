import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithShell } from "../testing/render";
import { useLanguageStore } from "../i18n/language";
import { useSidebarStore } from "../stores/sidebar";
import { Sidebar } from "./Sidebar";

function groupToggle(name: string) {
  return screen.getByRole("button", { name });
}

beforeEach(() => {
  window.localStorage.clear();
  useSidebarStore.getState().clearAll();
});

describe("Sidebar", () => {
  it("expands only 'Sale & Marketing' by default", () => {
    renderWithShell(<Sidebar path="/market-insights" open={false} />);
    expect(groupToggle("Sale & Marketing")).toHaveProperty("ariaExpanded", "true");
    expect(groupToggle("Management")).toHaveProperty("ariaExpanded", "false");
    expect(groupToggle("Customer Services")).toHaveProperty("ariaExpanded", "false");
    expect(screen.getByRole("link", { name: "Market Insight" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Order Management/ })).toBeNull();
  });

  it.each(["/find-global-lead", "/find-global-company", "/find-global-company/42", "/find-global"])(
    "marks Find global buyers active on %s",
    (path) => {
      renderWithShell(<Sidebar path={path} open={false} />);
      const link = screen.getByRole("link", { name: "Find global buyers" });
      expect(link.getAttribute("href")).toBe("/find-global-lead");
      expect(link.getAttribute("aria-current")).toBe("page");
      expect(screen.getByRole("link", { name: "Market Insight" }).getAttribute("aria-current")).toBeNull();
    },
  );

  it("marks Lead Verification active on a verification detail page", () => {
    renderWithShell(<Sidebar path="/lead-verification/7" open={false} />);
    expect(screen.getByRole("link", { name: "Lead Verification" }).getAttribute("aria-current")).toBe("page");
  });

  it("lists the eight unavailable routes with a 'Soon' badge", () => {
    useSidebarStore.setState({ expandedGroups: ["saleMarketing", "management", "customerServices"] });
    renderWithShell(<Sidebar path="/market-insights" open={false} />);
    const unavailable = document.querySelectorAll('a[data-unavailable="true"]');
    expect([...unavailable].map((link) => link.getAttribute("href"))).toEqual([
      "/ai-sale-agent",
      "/content-workflow",
      "/ai-package-design",
      "/lead-nurturing",
      "/order-management",
      "/farm-management",
      "/chatbot-support",
      "/customer-services",
    ]);
    for (const link of unavailable) expect(within(link as HTMLElement).getByText("Soon")).toBeTruthy();
  });

  it("opens and closes groups", () => {
    renderWithShell(<Sidebar path="/market-insights" open={false} />);
    fireEvent.click(groupToggle("Management"));
    expect(screen.getByRole("link", { name: /Farm Management/ })).toBeTruthy();
    fireEvent.click(groupToggle("Sale & Marketing"));
    expect(groupToggle("Sale & Marketing")).toHaveProperty("ariaExpanded", "false");
    expect(screen.queryByRole("link", { name: "Market Insight" })).toBeNull();
  });

  it("collapses and expands the whole sidebar", () => {
    renderWithShell(<Sidebar path="/market-insights" open={false} />);
    const aside = document.getElementById("sidebar")!;
    expect(aside.dataset.collapsed).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Collapse sidebar" }));
    expect(aside.dataset.collapsed).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(aside.dataset.collapsed).toBe("false");
  });

  it("remembers the layout and 'clear all' returns to the default", () => {
    useSidebarStore.getState().toggleGroup("management");
    useSidebarStore.getState().toggleGroup("saleMarketing");
    useSidebarStore.getState().toggleCollapsed();
    expect(window.localStorage.getItem("sidebar_state")).toContain("management");
    useSidebarStore.getState().clearAll();
    expect(useSidebarStore.getState()).toMatchObject({ collapsed: false, expandedGroups: ["saleMarketing"] });
  });

  it.each([
    ["en", "User guide (PDF)"],
    ["vi", "Hướng dẫn sử dụng (PDF)"],
    ["zh", "用户指南（PDF）"],
  ] as const)("links the user guide in the interface language (%s)", async (language, name) => {
    await useLanguageStore.getState().setLanguage(language);
    renderWithShell(<Sidebar path="/market-insights" open={false} />, { language });
    const link = screen.getByRole("link", { name });
    expect(link.getAttribute("href")).toBe(`/user-guide/${language}.pdf`);
    expect(link.hasAttribute("download")).toBe(true);
  });
});
