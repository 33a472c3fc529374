import { act, screen } from "@testing-library/react";
import useSWR from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLanguageStore } from "../i18n/language";
import { mountIsland } from "./mountIsland";

const site = {
  ga_measurement_id: "",
  google_sign_in: false,
  authenticate_url: "/oidc/authenticate/",
  logout_url: "/oidc/logout/",
};

function page(preload: unknown) {
  document.body.innerHTML = `<div id="root"></div><script id="preload" type="application/json">${JSON.stringify(preload)}</script>`;
}

function Greeting() {
  const { data } = useSWR<{ data: { firstName: string } }>("/fast-ai/v1/users");
  return <p>{data ? `Hello ${data.data.firstName}` : "spinner"}</p>;
}

beforeEach(() => {
  window.localStorage.clear();
  // A page's language comes from the server; a previous test's must not carry over.
  document.documentElement.lang = "";
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("mountIsland", () => {
  it("renders the workspace in the stored language with preloaded data and no spinner", async () => {
    window.localStorage.setItem("app_language", "zh");
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    page({
      page: "profile",
      path: "/profile",
      search: {},
      user: { id: 9, email: "an@example.com", name: "An" },
      site,
      data: { api: { "/fast-ai/v1/users": { data: { first_name: "An" } } } },
    });
    await act(() => mountIsland(Greeting));
    expect(screen.getByText("Hello An")).toBeTruthy();
    expect(screen.queryByText("spinner")).toBeNull();
    expect(screen.getByRole("navigation", { name: "主导航" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("zh-Hans");
    expect(useLanguageStore.getState().language).toBe("zh");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uses the plain frame for public pages", async () => {
    page({ page: "signin", path: "/signin", search: {}, user: null, site, data: { next: "/" } });
    await act(() => mountIsland(() => <p>card</p>, "plain"));
    expect(screen.getByText("card")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows the error screen when the page data is broken", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    page({ page: "nowhere" });
    await act(() => mountIsland(() => <p>never</p>));
    expect(screen.queryByText("never")).toBeNull();
    expect(screen.getByRole("button", { name: "Refresh page" })).toBeTruthy();
  });
});
