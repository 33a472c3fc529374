import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAVED_SEARCHES_PATH } from "../../api/savedSearches";
import { swrOptions } from "../../api/swr";
import { useToastStore } from "../../stores/toast";
import { callsTo, stubApi, type StubAnswer } from "../../testing/api";
import { renderWithShell } from "../../testing/render";
import { SavedSearches } from "./SavedSearches";

function saved(fields: Record<string, unknown>) {
  return {
    id: 1,
    name: "Cashew to the US",
    filters: { product_details: "cashew", start_date: "01-01-2024", end_date: "31-12-2024", hs_code: [] },
    summary: "product=cashew, importer country=US, 01-01-2024 to 31-12-2024",
    alerts: true,
    created_at: "2026-03-01T08:00:00Z",
    last_checked_at: "2026-03-04T08:00:00Z",
    last_alerted_at: "2026-03-04T08:00:00Z",
    market_path: "/market-insights?product_details=cashew&start_date=01-01-2024&end_date=31-12-2024&importer_country=US",
    ...fields,
  };
}

function list(...items: unknown[]): StubAnswer {
  return { body: { data: items, meta: {} } };
}

function renderList() {
  renderWithShell(
    <SWRConfig value={{ ...swrOptions({}, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <SavedSearches />
    </SWRConfig>,
  );
}

beforeEach(() => {
  document.cookie = "csrftoken=tok";
  useToastStore.setState({ toasts: [], lastId: 0 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SavedSearches", () => {
  it("lists each search with its alerts and a link that opens it in market insights", async () => {
    stubApi({
      [`GET ${SAVED_SEARCHES_PATH}`]: list(saved({}), saved({ id: 2, name: "Pepper", alerts: false, last_alerted_at: null })),
    });
    renderList();
    const link = await screen.findByRole("link", { name: "Cashew to the US" });
    expect(link.getAttribute("href")).toBe(saved({}).market_path);
    const [first, second] = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(within(first!).getByText("On")).toBeTruthy();
    expect(within(first!).getByText("Mar 4, 2026")).toBeTruthy();
    expect(within(second!).getByText("Stopped")).toBeTruthy();
    expect(within(second!).getByText("None yet")).toBeTruthy();
    expect(within(second!).getByRole("button", { name: "Resume alerts: Pepper" })).toBeTruthy();
  });

  it("says when nothing is saved", async () => {
    stubApi({ [`GET ${SAVED_SEARCHES_PATH}`]: list() });
    renderList();
    expect(await screen.findByText(/You have no saved searches yet/)).toBeTruthy();
  });

  it("stops alerts, renames and deletes through the API", async () => {
    let current = saved({});
    const fetchMock = stubApi({
      [`GET ${SAVED_SEARCHES_PATH}`]: () => list(current),
      [`PATCH ${SAVED_SEARCHES_PATH}/1`]: (body) => {
        current = { ...current, ...(body as object) };
        return { body: { data: current, meta: {} } };
      },
      [`DELETE ${SAVED_SEARCHES_PATH}/1`]: { body: { data: { message: "Saved search deleted" }, meta: {} } },
    });
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Stop alerts: Cashew to the US" }));
    expect(await screen.findByRole("button", { name: "Resume alerts: Cashew to the US" })).toBeTruthy();
    expect(screen.getByText("Stopped")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Rename: Cashew to the US" }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Cashew, US buyers" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("link", { name: "Cashew, US buyers" })).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${SAVED_SEARCHES_PATH}/1`)).toEqual([{ alerts: false }, { name: "Cashew, US buyers" }]);

    vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(screen.getByRole("button", { name: "Delete: Cashew, US buyers" }));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE ${SAVED_SEARCHES_PATH}/1`)).toHaveLength(1));
  });

  it("shows why a rename was refused", async () => {
    stubApi({
      [`GET ${SAVED_SEARCHES_PATH}`]: list(saved({})),
      [`PATCH ${SAVED_SEARCHES_PATH}/1`]: {
        status: 422,
        body: {
          data: { error: "Names have at most 120 characters", fields: { name: ["Names have at most 120 characters"] } },
          meta: { message: "Names have at most 120 characters", code: "validation_failed", field_codes: { name: "name_too_long" } },
        },
      },
    });
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Rename: Cashew to the US" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Names have at most 120 characters");
  });
});
