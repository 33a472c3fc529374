import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HS_SUGGEST_PATH } from "../../api/market";
import { swrOptions } from "../../api/swr";
import type { Language } from "../../i18n/messages";
import { stubApi } from "../../testing/api";
import { renderWithShell } from "../../testing/render";
import { HsCodeFilter } from "./HsCodesPanel";

const SUGGESTIONS = {
  en: [
    { code: "081060", name: "Fruit, edible; durians, fresh", level: 6 },
    { code: "0810", name: "Other fruit, fresh", level: 4 },
  ],
  zh: [
    { code: "081060", name: "鲜榴莲", level: 6 },
    { code: "0810", name: "其他鲜果", level: 4 },
  ],
};

function renderFilter(codes: string[] = [], language: Language = "en") {
  const onToggle = vi.fn<(code: string) => void>();
  renderWithShell(
    <SWRConfig value={{ ...swrOptions({}, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <HsCodeFilter codes={codes} onToggle={onToggle} />
    </SWRConfig>,
    { language },
  );
  return onToggle;
}

function lastUrl(fetchMock: ReturnType<typeof stubApi>): URL {
  const input = fetchMock.mock.calls.at(-1)?.[0];
  return new URL(typeof input === "string" ? input : "", "http://test");
}

function stubSuggestions() {
  return stubApi({
    [`GET ${HS_SUGGEST_PATH}`]: { body: { data: SUGGESTIONS.en, meta: {} } },
  });
}

describe("HsCodeFilter", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("suggests codes with their names while typing a product and adds one from the keyboard", async () => {
    const fetchMock = stubSuggestions();
    const onToggle = renderFilter();
    const box = screen.getByRole("combobox", { name: "HS-code filter" });
    expect(box.getAttribute("aria-expanded")).toBe("false");

    fireEvent.change(box, { target: { value: "durian" } });
    const option = await screen.findByRole("option", { name: /081060 Fruit, edible; durians, fresh/ });
    expect(box.getAttribute("aria-expanded")).toBe("true");
    const asked = lastUrl(fetchMock);
    expect(asked.searchParams.get("q")).toBe("durian");
    expect(asked.searchParams.get("lang")).toBe("en");

    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(option.id);
    expect(option.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(option.id); // wraps round
    fireEvent.submit(box.closest("form")!);
    expect(onToggle).toHaveBeenCalledWith("081060");
    expect((box as HTMLInputElement).value).toBe("");
  });

  it("asks for names in the interface language", async () => {
    const fetchMock = stubApi({ [`GET ${HS_SUGGEST_PATH}`]: { body: { data: SUGGESTIONS.zh, meta: {} } } });
    renderFilter([], "zh");
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "榴莲" } });
    expect(await screen.findByRole("option", { name: /081060 鲜榴莲/ })).toBeTruthy();
    const asked = lastUrl(fetchMock);
    expect(asked.searchParams.get("lang")).toBe("zh");
  });

  it("closes the list with Escape and still takes a typed code", async () => {
    stubSuggestions();
    const onToggle = renderFilter();
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "0801" } });
    await screen.findAllByRole("option");
    fireEvent.keyDown(box, { key: "Escape" });
    await waitFor(() => expect(box.getAttribute("aria-expanded")).toBe("false"));
    fireEvent.submit(box.closest("form")!);
    expect(onToggle).toHaveBeenCalledWith("0801");
  });

  it("picks an option with the mouse and refuses a text that is no code", async () => {
    stubSuggestions();
    const onToggle = renderFilter();
    const box = screen.getByRole("combobox");
    fireEvent.change(box, { target: { value: "durian" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: /^0810 / }));
    expect(onToggle).toHaveBeenCalledWith("0810");
    fireEvent.change(box, { target: { value: "durian" } });
    fireEvent.keyDown(box, { key: "Escape" });
    fireEvent.submit(box.closest("form")!);
    expect(screen.getByRole("alert").textContent).toBe("Enter an HS code of 2, 4 or 6 digits");
  });
});
