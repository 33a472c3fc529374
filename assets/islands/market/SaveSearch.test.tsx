import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { META_PATH, type MarketFilters } from "../../api/market";
import { SAVED_SEARCHES_PATH } from "../../api/savedSearches";
import { swrOptions } from "../../api/swr";
import { useToastStore } from "../../stores/toast";
import { callsTo, stubApi } from "../../testing/api";
import { renderWithShell } from "../../testing/render";
import { SaveSearch } from "./SaveSearch";

const META = {
  countries: [{ code: "US", name_en: "United States", name_vi: "Hoa Kỳ", name_zh: "美国" }],
  hs_sections: [],
  page_sizes: [10],
  date_formats: ["dd-MM-yyyy"],
  data_range: { first_date: "2023-01-01", last_date: "2025-12-31" },
  demo_data: true,
};

const FILTERS: MarketFilters = {
  productDetails: "cashew",
  importerName: "",
  exporterName: "",
  startDate: "01-01-2024",
  endDate: "31-12-2024",
  importerCountry: "US",
  exporterCountry: "",
  hsCode: ["080132"],
};

const SAVED = {
  id: 3,
  name: "Cashew to the US",
  filters: {},
  summary: "product=cashew",
  alerts: true,
  created_at: "2026-03-05T10:00:00Z",
  last_checked_at: null,
  last_alerted_at: null,
  market_path: "/market-insights?product_details=cashew",
};

function renderButton(filters: MarketFilters | null = FILTERS) {
  renderWithShell(
    <SWRConfig value={{ ...swrOptions({}, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <SaveSearch filters={filters} />
    </SWRConfig>,
  );
}

beforeEach(() => {
  document.cookie = "csrftoken=tok";
  useToastStore.setState({ toasts: [], lastId: 0 });
});

describe("SaveSearch", () => {
  it("cannot save before a search has been run", () => {
    stubApi({});
    renderButton(null);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Save search" }).disabled).toBe(true);
  });

  it("names the search by its filters and saves it with alerts", async () => {
    const fetchMock = stubApi({
      [`GET ${META_PATH}`]: { body: { data: META, meta: {} } },
      [`POST ${SAVED_SEARCHES_PATH}`]: { status: 201, body: { data: SAVED, meta: {} } },
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Save search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    const name = screen.getByLabelText<HTMLInputElement>("Name");
    await waitFor(() => expect(name.value).toBe("cashew · importers in United States · HS 080132 · 01-01-2024 – 31-12-2024"));
    fireEvent.change(name, { target: { value: "  Cashew to the US " } });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(callsTo(fetchMock, `POST ${SAVED_SEARCHES_PATH}`)).toEqual([
      {
        filters: {
          product_details: "cashew",
          importer_name: "",
          exporter_name: "",
          start_date: "01-01-2024",
          end_date: "31-12-2024",
          importer_country: "US",
          exporter_country: "",
          hs_code: ["080132"],
        },
        name: "Cashew to the US",
        alerts: false,
      },
    ]);
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "savedSearch.saved" });
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const fetchMock = stubApi({
      [`POST ${SAVED_SEARCHES_PATH}`]: {
        status: 409,
        body: {
          data: { error: "You can keep up to 50 saved searches; delete one to save another", fields: {} },
          meta: { message: "You can keep up to 50 saved searches", code: "too_many_saved_searches" },
        },
      },
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Save search" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You can keep up to 50 saved searches; delete one to save another");
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${SAVED_SEARCHES_PATH}`)).toHaveLength(1);
  });

  it("refuses an empty name without asking the server", async () => {
    const fetchMock = stubApi({});
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Save search" }));
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a name");
    expect(callsTo(fetchMock, `POST ${SAVED_SEARCHES_PATH}`)).toHaveLength(0);
  });
});
