import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../../api/accounts";
import {
  ASK_PATH,
  CONTACT_PATH,
  CONTACT_REQUESTS_PATH,
  HS_CODES_PATH,
  META_PATH,
  PARTIES_PATH,
  RANKINGS_PATH,
  SHIPMENTS_PATH,
  STATISTICS_PATH,
  SUMMARY_PATH,
  UNIT_PRICES_PATH,
} from "../../api/market";
import { swrOptions } from "../../api/swr";
import type { Language } from "../../i18n/messages";
import { usePricingStore } from "../../stores/pricing";
import { useToastStore } from "../../stores/toast";
import { callsTo, stubApi, type StubAnswer, type StubRoutes } from "../../testing/api";
import { clientData, wireProfile, wireSubscription } from "../../testing/billing";
import { renderWithShell } from "../../testing/render";
import { MarketPage } from "./MarketPage";

vi.mock("../../components/ShipmentChart", () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// The table renders as it does, and counts its renders.
const table = vi.hoisted(() => ({ renders: 0 }));
vi.mock("./ShipmentTable", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./ShipmentTable")>();
  const { memo } = await import("react");
  const render = actual.ShipmentTable.type;
  const counted = (props: Parameters<typeof render>[0]) => {
    table.renders += 1;
    return render(props);
  };
  return { ...actual, ShipmentTable: memo(counted) };
});

const NOW = new Date("2026-03-05T10:00:00Z");

const META = {
  countries: [
    { code: "US", name_en: "United States", name_vi: "Hoa Kỳ", name_zh: "美国" },
    { code: "VN", name_en: "Viet Nam", name_vi: "Việt Nam", name_zh: "越南" },
  ],
  hs_sections: [],
  page_sizes: [10, 25, 50, 100],
  date_formats: ["dd-MM-yyyy", "dd/MM/yyyy"],
  data_range: { first_date: "2024-01-01", last_date: "2026-02-28" },
  demo_data: true,
  coverage: {
    first_date: "2024-01-01",
    last_date: "2026-02-28",
    shipments: 3000,
    sources: ["demo"],
    demo: true,
    updated_at: "2026-03-01T06:00:00Z",
  },
};

const SHIPMENT = {
  id: 7,
  date: "2024-03-05",
  hs_code: "080132",
  product_description: "Cashew kernels W320",
  exporter_name: "Lafooco",
  exporter_country: "VN",
  importer_name: "Olam Americas",
  importer_country: "US",
  quantity: 19200.0,
  quantity_unit: "KGM",
  net_weight_kg: 19200.0,
  value_usd: 134400.0,
  price_per_unit: 7.0,
  exporter_id: 11,
  importer_id: 12,
  price_per_kg: 7.0,
};

const STATISTICS = {
  shipments: 12345,
  total_value_usd: 1234567.4,
  total_weight_kg: 2500000,
  importers: 321,
  exporters: 45,
  avg_price_per_unit: 6.5,
  avg_price_per_kg: 6.5,
};

const ok = (data: unknown, meta: Record<string, unknown> = {}): StubAnswer => ({ body: { data, meta } });
const quota: StubAnswer = {
  status: 403,
  body: { data: { error: "query limit exceeded", fields: {} }, meta: { message: "query limit exceeded", code: "query_limit" } },
};

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    [`GET ${STATISTICS_PATH}`]: ok(STATISTICS),
    [`GET ${HS_CODES_PATH}`]: ok([
      { hs_code: "080132", description: "Cashew nuts, shelled", descriptions: { en: "Cashew nuts, shelled", vi: "Hạt điều đã bóc vỏ", zh: "去壳腰果" }, shipments: 900, value_usd: 6300000 },
      { hs_code: "090111", description: "Coffee, not roasted", descriptions: { en: "Coffee, not roasted", vi: "Cà phê chưa rang", zh: "未焙炒咖啡" }, shipments: 40, value_usd: 120000 },
    ]),
    [`GET ${SUMMARY_PATH}`]: ok([
      { month: "2024-02", shipments: 10, value_usd: 70000, net_weight_kg: 10000 },
      { month: "2024-03", shipments: 12, value_usd: 84000, net_weight_kg: 12000 },
    ]),
    [`GET ${SHIPMENTS_PATH}`]: ok([SHIPMENT], { page: 1, page_size: 10, total: 42 }),
    ...overrides,
  };
}

/** The data's last date in META is before NOW: the default period ends on it. */
const DATA_PERIOD = { startDate: "01-03-2025", endDate: "28-02-2026" };

interface RenderOptions {
  profile?: unknown;
  language?: Language;
  /** The meta data known at the start; null leaves it to the request. */
  meta?: unknown;
}

function renderPage({ profile = wireProfile(), language = "en", meta = META }: RenderOptions = {}) {
  const fallback: Record<string, unknown> = { [USERS_PATH]: clientData(profile) };
  if (meta !== null) fallback[META_PATH] = clientData(meta);
  renderWithShell(
    <SWRConfig value={{ ...swrOptions(fallback, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <MarketPage />
    </SWRConfig>,
    { language },
  );
}

/** The query strings of the GET requests made to one path. */
function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url))
    .filter((url) => url.split("?")[0] === path)
    .map((url) => new URLSearchParams(url.split("?")[1] ?? ""));
}

function search(product = "cashew") {
  fireEvent.change(screen.getByLabelText("Product details"), { target: { value: product } });
  fireEvent.click(screen.getByRole("button", { name: "Search" }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  document.cookie = "csrftoken=tok";
  window.history.replaceState(null, "", "/market-insights");
  useToastStore.setState({ toasts: [], lastId: 0 });
  usePricingStore.setState({ product: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("MarketPage", () => {
  it("starts with the last 12 months, an empty state and the demo-data badge", () => {
    const fetchMock = stubApi(routes());
    renderPage({ meta: { ...META, data_range: { first_date: "2024-01-01", last_date: "2026-03-05" } } });
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("06-03-2025");
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe("05-03-2026");
    expect(screen.getByText("Start a search to see trade data")).toBeTruthy();
    expect(screen.getByText("Demo data")).toBeTruthy();
    expect(screen.getByText(/^Data: Jan 2024 – Feb 2026, 3,000 shipments, demo/)).toBeTruthy();
    expect(screen.getAllByRole("option", { name: "Viet Nam" })).toHaveLength(2);
    expect(screen.getByText("Queries left today:")).toBeTruthy();
    expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(0);
  });

  it("ends the default period on the data's last date once the meta data arrives", async () => {
    stubApi(routes({ [`GET ${META_PATH}`]: ok(META) }));
    renderPage({ meta: null });
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe("05-03-2026");
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe(DATA_PERIOD.endDate));
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe(DATA_PERIOD.startDate);
  });

  it("keeps the dates the user typed before the meta data arrives", async () => {
    stubApi(routes({ [`GET ${META_PATH}`]: ok(META) }));
    renderPage({ meta: null });
    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: "01-01-2024" } });
    await screen.findByText("Demo data");
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("01-01-2024");
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe("05-03-2026");
  });

  it("leaves the period of a search from the address as it is", async () => {
    const fetchMock = stubApi(routes({ [`GET ${META_PATH}`]: ok(META) }));
    window.history.replaceState(null, "", "/market-insights?product_details=cashew&start_date=01-06-2025&end_date=30-11-2025");
    renderPage({ meta: null });
    await screen.findByText("Demo data");
    await screen.findByText("Lafooco");
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("01-06-2025");
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe("30-11-2025");
    expect(queriesTo(fetchMock, SHIPMENTS_PATH).map((query) => query.get("end_date"))).toEqual(["30-11-2025"]);
  });

  it("says when the period lies outside the data and searches its last 12 months on request", async () => {
    const fetchMock = stubApi(routes());
    renderPage();
    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: "01-03-2026" } });
    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "05-03-2026" } });
    search();
    expect(screen.getByText(/^The data covers Jan 2024 – Feb 2026; your period lies outside it/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use the last 12 months of data" }));
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH).at(-1)?.get("end_date")).toBe(DATA_PERIOD.endDate));
    expect(queriesTo(fetchMock, STATISTICS_PATH).at(-1)?.get("start_date")).toBe(DATA_PERIOD.startDate);
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe(DATA_PERIOD.endDate);
    expect(screen.queryByText(/your period lies outside it/)).toBeNull();
  });

  it("checks the form with the spec's texts before searching", () => {
    const fetchMock = stubApi(routes());
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByText("At least one of the fields product, importer, or exporter is required")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "" } });
    search();
    expect(screen.getAllByText("Please enter the start and end date")).toHaveLength(2);

    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: "2025-01-01" } });
    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "01/01/2025" } });
    search();
    expect(screen.getByText("Use dd-MM-yyyy or dd/MM/yyyy")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Start date"), { target: { value: "02-01-2025" } });
    search();
    expect(screen.getByText("Start date must be before or equal to end date")).toBeTruthy();
    expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(0);
  });

  it("shows the server's field messages under the fields", async () => {
    stubApi(
      routes({
        [`GET ${STATISTICS_PATH}`]: {
          status: 422,
          body: {
            data: { error: "invalid", fields: { importer_country: ["Unknown country code"] } },
            meta: { field_codes: { importer_country: "country_unknown" } },
          },
        },
      }),
    );
    renderPage();
    search();
    expect(await screen.findByText("Unknown country code")).toBeTruthy();
  });

  it("loads the four panels of one search in parallel and keeps it in the address bar", async () => {
    const fetchMock = stubApi(routes());
    renderPage();
    fireEvent.change(screen.getByLabelText("Importer country"), { target: { value: "US" } });
    search();
    await screen.findByText("Lafooco");
    const expected = "product_details=cashew&start_date=01-03-2025&end_date=28-02-2026&importer_country=US";
    for (const path of [STATISTICS_PATH, HS_CODES_PATH, SUMMARY_PATH]) {
      expect(queriesTo(fetchMock, path).map(String)).toEqual([expected]);
    }
    expect(queriesTo(fetchMock, SHIPMENTS_PATH).map(String)).toEqual([`${expected}&page=1&page_size=10`]);
    expect(window.location.search).toBe(`?${expected}`);
    expect(screen.getByRole("img", { name: /2 months, Feb 2024 to Mar 2024; total \$154,000/ })).toBeTruthy();
    expect(screen.getByRole("table", { name: /2 months/ })).toBeTruthy();
  });

  it("does not re-render the table when another panel's answer arrives", async () => {
    const stubbed = stubApi(routes());
    let release: ((value: null) => void) | undefined;
    const held = new Promise<null>((resolve) => (release = resolve));
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.split("?")[0] === STATISTICS_PATH) await held;
      return stubbed(input, init);
    });
    window.history.replaceState(null, "", "/market-insights?product_details=cashew&start_date=01-01-2025&end_date=31-12-2025");
    renderPage();
    await screen.findByText("Lafooco");
    await screen.findByText("Cashew nuts, shelled");
    const tableRenders = table.renders;
    act(() => release?.(null));
    expect(await screen.findByText("12,345")).toBeTruthy();
    expect(screen.getByText("Lafooco")).toBeTruthy();
    expect(table.renders).toBe(tableRenders);
  });

  it("keeps the table's order from the address", async () => {
    const fetchMock = stubApi(routes());
    window.history.replaceState(null, "", "/market-insights?product_details=cashew&start_date=01-01-2025&end_date=31-12-2025&sort=price_per_kg");
    renderPage();
    await screen.findByText("Lafooco");
    expect(queriesTo(fetchMock, SHIPMENTS_PATH)[0]?.get("sort")).toBe("price_per_kg");
    expect(screen.getByRole("columnheader", { name: "Price (USD/kg)" }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("runs the search in the address bar on load", async () => {
    const fetchMock = stubApi(routes());
    window.history.replaceState(null, "", "/market-insights?importer_name=Olam&start_date=01-01-2025&end_date=31-12-2025&page_size=25");
    renderPage();
    await screen.findByText("Lafooco");
    expect(screen.getByLabelText<HTMLInputElement>("Importer name").value).toBe("Olam");
    expect(queriesTo(fetchMock, SHIPMENTS_PATH)[0]?.get("page_size")).toBe("25");
  });

  it("shows the table columns of a shipment, newest first from the server", async () => {
    stubApi(routes());
    renderPage();
    search();
    const table = await screen.findByRole("table", { name: "" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent.replace(/[▲▼↕]/g, ""));
    expect(headers).toEqual([
      "Date",
      "HS code",
      "Exporter",
      "Importer",
      "Shipment",
      "Net weight",
      "Price (USD)",
      "Price (USD/kg)",
      "Actions",
    ]);
    const cells = within(within(table).getAllByRole("row")[1]!).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      "Mar 5, 2024",
      "080132",
      "LafoocoViet Nam",
      "Olam AmericasUnited States",
      "Cashew kernels W32019,200 KGM · $7/KGM",
      "19.2 t",
      "$134,400",
      "$7",
    ]);
  });

  it("formats figures, dates and names for Vietnamese", async () => {
    stubApi(routes());
    renderPage({ language: "vi" });
    fireEvent.change(screen.getByLabelText("Chi tiết sản phẩm"), { target: { value: "hạt điều" } });
    fireEvent.click(screen.getByRole("button", { name: "Tìm kiếm" }));
    await screen.findByText("05/03/2024");
    const figure = (label: string) => screen.getByText(label, { selector: "dt" }).nextSibling?.textContent?.replace(/\s/g, " ");
    expect(figure("Lô hàng")).toBe("12.345");
    expect(figure("Tổng giá trị (USD)")).toBe("1.234.567 US$");
    expect(figure("Tổng trọng lượng")).toBe("2.500 tấn");
    expect(figure("Giá trung bình (USD/kg)")).toBe("6,50 US$/kg");
    expect(screen.getByText("Hạt điều đã bóc vỏ")).toBeTruthy();
    expect(screen.getByText("Hoa Kỳ", { selector: "span" })).toBeTruthy();
    expect(screen.getByText("Tổng cộng 42")).toBeTruthy();
  });

  it("toggles HS codes in the search with repeated hs_code keys", async () => {
    const fetchMock = stubApi(routes());
    renderPage();
    search();
    fireEvent.click(await screen.findByRole("button", { name: /080132/ }));
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(2));
    expect(queriesTo(fetchMock, STATISTICS_PATH)[1]?.getAll("hs_code")).toEqual(["080132"]);

    fireEvent.change(screen.getByLabelText("HS-code filter"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(screen.getByText("Enter an HS code of 2, 4 or 6 digits")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("HS-code filter"), { target: { value: "09" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(3));
    expect(queriesTo(fetchMock, STATISTICS_PATH)[2]?.getAll("hs_code")).toEqual(["080132", "09"]);
    expect(queriesTo(fetchMock, SHIPMENTS_PATH).at(-1)?.getAll("hs_code")).toEqual(["080132", "09"]);
    expect(window.location.search).toContain("hs_code=080132&hs_code=09");

    fireEvent.click(screen.getByRole("button", { name: "Remove HS code 080132 from the search" }));
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(4));
    expect(queriesTo(fetchMock, STATISTICS_PATH)[3]?.getAll("hs_code")).toEqual(["09"]);
  });

  it("pages and resizes only the table", async () => {
    const fetchMock = stubApi(routes());
    renderPage();
    search();
    await screen.findByText("Page 1 of 5");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(queriesTo(fetchMock, SHIPMENTS_PATH)).toHaveLength(2));
    expect(queriesTo(fetchMock, SHIPMENTS_PATH)[1]?.get("page")).toBe("2");

    fireEvent.change(screen.getByLabelText("Per page"), { target: { value: "25" } });
    await waitFor(() => expect(queriesTo(fetchMock, SHIPMENTS_PATH)).toHaveLength(3));
    const last = queriesTo(fetchMock, SHIPMENTS_PATH)[2]!;
    expect([last.get("page"), last.get("page_size")]).toEqual(["1", "25"]);
    expect(window.location.search).toContain("page_size=25");
    expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(1);
    expect(queriesTo(fetchMock, SUMMARY_PATH)).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(queriesTo(fetchMock, SHIPMENTS_PATH)).toHaveLength(4));
  });

  it("sorts the table by a column and opens an importer's trade profile from a row", async () => {
    const fetchMock = stubApi(
      routes({
        [`GET ${PARTIES_PATH}/12`]: ok({
          party_id: 12,
          name: "Olam Americas",
          country: "US",
          shipments: 1,
          as_importer: 1,
          as_exporter: 0,
          value_usd: 134400,
          net_weight_kg: 19200,
          first_date: "2024-03-05",
          last_date: "2024-03-05",
          months: [],
          products: [],
          partner_countries: [],
          counterparties: [],
        }),
      }),
    );
    renderPage();
    search();
    const table = await screen.findByRole("table", { name: "" });
    fireEvent.click(within(within(table).getByRole("columnheader", { name: "Price (USD)" })).getByRole("button"));
    await waitFor(() => expect(queriesTo(fetchMock, SHIPMENTS_PATH).at(-1)?.get("sort")).toBe("-value"));
    expect(window.location.search).toContain("sort=-value");
    expect(queriesTo(fetchMock, SHIPMENTS_PATH).at(-1)?.get("page")).toBe("1");
    expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(1);

    fireEvent.click(within(table).getByRole("button", { name: "Olam Americas" }));
    const dialog = await screen.findByRole("dialog", { name: "Olam Americas" });
    expect(await within(dialog).findByText("As importer")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("counts the search just made in the queries left, then a trade profile opened", async () => {
    let left = 2;
    const fetchMock = stubApi(
      routes({
        [`GET ${USERS_PATH}`]: () => ok(wireProfile({ queries_left_today: left })),
        [`GET ${STATISTICS_PATH}`]: () => {
          left = 1; // the server counts the search before it answers
          return ok(STATISTICS);
        },
        [`GET ${PARTIES_PATH}/12`]: () => {
          left = 0;
          return ok({
            party_id: 12, name: "Olam Americas", country: "US", shipments: 1, as_importer: 1, as_exporter: 0,
            value_usd: 134400, net_weight_kg: 19200, first_date: "2024-03-05", last_date: "2024-03-05",
            months: [], products: [], partner_countries: [], counterparties: [],
          });
        },
      }),
    );
    renderPage({ profile: wireProfile({ queries_left_today: 2 }) });
    const counter = () => document.querySelector(".filter-panel__quota")?.textContent;
    expect(counter()).toBe("Queries left today: 2");
    search();
    await waitFor(() => expect(counter()).toBe("Queries left today: 1"));
    const table = await screen.findByRole("table", { name: "" });
    fireEvent.click(within(table).getByRole("button", { name: "Olam Americas" }));
    await screen.findByRole("dialog", { name: "Olam Americas" });
    await waitFor(() => expect(counter()).toBe("Queries left today: 0"));
    expect(callsTo(fetchMock, `GET ${USERS_PATH}`)).toHaveLength(2);
  });

  it("counts a question the AI box answered with figures", async () => {
    let left = 2;
    stubApi(
      routes({
        [`GET ${USERS_PATH}`]: () => ok(wireProfile({ queries_left_today: left })),
        [`POST ${ASK_PATH}`]: () => {
          left = 1;
          return ok({ answer: "Cashew.", language: "en", understood: false, reading: [], filters: {} });
        },
      }),
    );
    renderPage({ profile: wireProfile({ queries_left_today: 2 }) });
    const counter = () => document.querySelector(".filter-panel__quota")?.textContent;
    fireEvent.change(screen.getByLabelText("Your question"), { target: { value: "cashew in 2024" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    await screen.findByText("Cashew.");
    await waitFor(() => expect(counter()).toBe("Queries left today: 1"));
  });

  it("says in every panel that its figures could not be loaded when the network drops, and loads them on retry", async () => {
    const fetchMock = stubApi(
      routes({
        [`GET ${RANKINGS_PATH}`]: ok([], { page: 1, page_size: 10, total: 0 }),
        [`GET ${UNIT_PRICES_PATH}`]: ok({ months: [], groups: [] }),
      }),
    );
    const answer = fetchMock.getMockImplementation();
    let connected = false;
    fetchMock.mockImplementation((input, init) =>
      connected || !answer ? (answer as typeof fetch)(input, init) : Promise.reject(new TypeError("Failed to fetch")),
    );
    renderPage();
    search();
    const lost = "These figures could not be loaded: the connection to the server was lost.";
    // The figures, the HS codes, the months, the shipments, the rankings and the prices.
    await waitFor(() => expect(screen.getAllByText(lost)).toHaveLength(6));
    expect(screen.getAllByRole("alert").filter((alert) => alert.textContent.includes(lost))).toHaveLength(6);
    expect(screen.queryByText("Lafooco")).toBeNull();

    connected = true;
    const retries = screen.getAllByRole("button", { name: "Try again" });
    expect(retries).toHaveLength(6);
    for (const retry of retries) fireEvent.click(retry);
    expect(await screen.findByText("Lafooco")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(lost)).toBeNull());
    expect(screen.getByRole("region", { name: "Dashboard" }).textContent).toContain("12,345");
    expect(screen.getByRole("button", { name: /^080132/ })).toBeTruthy();
  });

  it("tells a stopped search in the user's language and offers no retry for it", async () => {
    const timeout: StubAnswer = {
      status: 503,
      body: { data: { error: "stopped", fields: {} }, meta: { message: "stopped", code: "search_timeout" } },
    };
    stubApi(routes({ [`GET ${SUMMARY_PATH}`]: timeout }));
    renderPage({ language: "vi" });
    fireEvent.change(screen.getByLabelText("Chi tiết sản phẩm"), { target: { value: "cashew" } });
    fireEvent.click(screen.getByRole("button", { name: "Tìm kiếm" }));
    const alert = await screen.findByText(/Tìm kiếm này mất quá nhiều thời gian/);
    expect(alert.closest(".panel-error")?.querySelector("button")).toBeNull();
  });

  it("says so when no shipments match", async () => {
    stubApi(routes({ [`GET ${SHIPMENTS_PATH}`]: ok([], { page: 1, page_size: 10, total: 0 }) }));
    renderPage();
    search();
    expect(await screen.findByText("No shipments match")).toBeTruthy();
  });

  it("opens the pricing dialog when the daily queries are used up", async () => {
    stubApi(routes({ [`GET ${STATISTICS_PATH}`]: quota, [`GET ${SHIPMENTS_PATH}`]: quota }));
    renderPage();
    search();
    await waitFor(() => expect(usePricingStore.getState().product).toBe("market-insights"));
    expect(await screen.findByText("Query limit reached, please upgrade")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Dashboard" })).toBeNull();
    act(() => usePricingStore.setState({ product: null }));
    fireEvent.click(screen.getByRole("button", { name: "See plans" }));
    expect(usePricingStore.getState().product).toBe("market-insights");
  });

  it("asks the AI box, shows the answer and searches with its filters", async () => {
    const fetchMock = stubApi(
      routes({
        [`POST ${ASK_PATH}`]: ok({
          answer: "Olam bought most Vietnamese cashew in the US last year.",
          language: "en",
          filters: {
            product_details: "cashew",
            importer_name: null,
            exporter_name: null,
            start_date: "01-01-2025",
            end_date: "31-12-2025",
            importer_country: "US",
            exporter_country: "VN",
            hs_code: ["0801"],
          },
          understood: true,
          dated: true,
          reading: [
            { field: "product", value: "cashew", text: "Product: cashew" },
            { field: "hs_code", value: "0801", text: "HS code: 0801" },
            { field: "importer_country", value: "US", text: "To: United States" },
          ],
          statistics: STATISTICS,
        }),
      }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText("Your question"), { target: { value: "Who buys our cashew in the US?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("Olam bought most Vietnamese cashew in the US last year.")).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${ASK_PATH}`)).toEqual([{ question: "Who buys our cashew in the US?" }]);
    expect(screen.getByLabelText<HTMLInputElement>("Product details").value).toBe("cashew");
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("01-01-2025");
    expect(screen.getByLabelText<HTMLSelectElement>("Importer country").value).toBe("US");
    expect(screen.getByLabelText<HTMLSelectElement>("Exporter country").value).toBe("VN");
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(1));
    expect(String(queriesTo(fetchMock, STATISTICS_PATH)[0])).toBe(
      "product_details=cashew&start_date=01-01-2025&end_date=31-12-2025&importer_country=US&exporter_country=VN&hs_code=0801",
    );
  });

  it("searches over the period the answer's figures are of when the question named none", async () => {
    const fetchMock = stubApi(
      routes({
        [`POST ${ASK_PATH}`]: ok({
          answer: "Pepper shipments from 20 Nov 2024 to 20 Nov 2025: 769 shipments.",
          language: "en",
          filters: {
            product_details: "",
            importer_name: "",
            exporter_name: "",
            start_date: "20-11-2024",
            end_date: "20-11-2025",
            importer_country: "",
            exporter_country: "",
            hs_code: ["0904"],
          },
          understood: true,
          dated: false,
          reading: [{ field: "hs_code", value: "0904", text: "HS code: 0904" }],
          statistics: STATISTICS,
        }),
      }),
    );
    renderPage();
    fireEvent.change(screen.getByLabelText("Your question"), { target: { value: "pepper shipments" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText(/769 shipments/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("20-11-2024");
    expect(screen.getByLabelText<HTMLInputElement>("End date").value).toBe("20-11-2025");
    await waitFor(() => expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(1));
    expect(String(queriesTo(fetchMock, STATISTICS_PATH)[0])).toContain("start_date=20-11-2024&end_date=20-11-2025");
  });

  it("shows what a question it cannot search for did say, and puts it in the form on request", async () => {
    const fetchMock = stubApi(
      routes({
        [`POST ${ASK_PATH}`]: ok({
          answer: "I understood: To: the United States, but not what to search for.",
          language: "en",
          filters: {
            product_details: "",
            importer_name: "",
            exporter_name: "",
            start_date: "20-11-2024",
            end_date: "20-11-2025",
            importer_country: "US",
            exporter_country: "",
            hs_code: [],
          },
          understood: false,
          dated: false,
          reading: [
            { field: "importer_country", value: "US", text: "To: United States" },
            { field: "period", value: "20-11-2024|20-11-2025", text: "20 Nov 2024 to 20 Nov 2025" },
          ],
          statistics: null,
        }),
      }),
    );
    renderPage();
    const startBefore = screen.getByLabelText<HTMLInputElement>("Start date").value;
    fireEvent.change(screen.getByLabelText("Your question"), { target: { value: "what sells in the US?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("To: United States")).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>("Importer country").value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Use in the search form" }));
    expect(screen.getByLabelText<HTMLSelectElement>("Importer country").value).toBe("US");
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe(startBefore);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(queriesTo(fetchMock, STATISTICS_PATH)).toHaveLength(0);
  });

  it("tells the AI box's user when the queries are used up and opens pricing", async () => {
    stubApi(routes({ [`POST ${ASK_PATH}`]: quota }));
    renderPage();
    fireEvent.change(screen.getByLabelText("Your question"), { target: { value: "pepper buyers" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("Query limit reached, please upgrade")).toBeTruthy();
    expect(usePricingStore.getState().product).toBe("market-insights");
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "error.queryLimit" });
  });

  it("requests an importer's contacts, confirms with a toast and remembers the request", async () => {
    const requests: unknown[] = [];
    const fetchMock = stubApi(
      routes({
        [`GET ${CONTACT_REQUESTS_PATH}`]: () => ok(requests),
        [`POST ${CONTACT_PATH}`]: () => {
          requests.push({ id: 1, importer_name: "Olam Americas", importer_country: "US", status: "pending", created_at: "2026-03-01T00:00:00Z", sent_at: null });
          return ok({ message: "Request sent! Importer contacts will be emailed to you within 48 hours." });
        },
      }),
    );
    renderPage();
    search();
    fireEvent.click(await screen.findByRole("button", { name: "Get contacts of Olam Americas" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.variant).toBe("success"));
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "market.contact.sent" });
    expect(callsTo(fetchMock, `POST ${CONTACT_PATH}`)).toEqual([{ importer_name: "Olam Americas", importer_country: "US" }]);
    const requested = await screen.findByRole("button", { name: "Requested of Olam Americas" });
    expect(requested.getAttribute("aria-disabled")).toBe("true");
  });

  it("shows an importer whose contacts were sent as such", async () => {
    stubApi(
      routes({
        [`GET ${CONTACT_REQUESTS_PATH}`]: ok([
          { id: 1, importer_name: "olam  americas", importer_country: "US", status: "sent", created_at: "2026-03-01T00:00:00Z", sent_at: "2026-03-02T00:00:00Z" },
        ]),
      }),
    );
    renderPage();
    search();
    expect((await screen.findByRole("button", { name: "Contacts sent of Olam Americas" })).getAttribute("aria-disabled")).toBe("true");
  });

  it("offers downloads of the search on a paid plan", async () => {
    stubApi(routes());
    const paid = wireSubscription("market-insights", 1);
    renderPage({ profile: wireProfile({ user_subscription: paid, queries_left_today: null }) });
    search();
    await screen.findByText("Lafooco");
    const csv = screen.getByRole("link", { name: "Download CSV" });
    expect(csv.getAttribute("href")).toBe(
      "/fast-ai/v1/shipments/download?format=csv&product_details=cashew&start_date=01-03-2025&end_date=28-02-2026",
    );
    expect(screen.getByRole("link", { name: "Download Excel" }).getAttribute("href")).toContain("format=xlsx&");
    expect(screen.getByText("Downloads hold the first 100 shipments of this search.")).toBeTruthy();
    expect(screen.getByText("Unlimited")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save search" })).toHaveProperty("disabled", false);
  });

  it("keeps downloads for paid plans and opens pricing from them on the free plan", async () => {
    stubApi(routes());
    renderPage();
    search();
    await screen.findByText("Lafooco");
    expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull();
    const csv = screen.getByRole("button", { name: "Download CSV" });
    expect(csv.getAttribute("aria-disabled")).toBe("true");
    fireEvent.mouseEnter(csv.parentElement!);
    expect(screen.getByRole("tooltip").textContent).toBe("Downloads need a paid plan (up to 100 records per file).");
    fireEvent.click(csv);
    expect(usePricingStore.getState().product).toBe("market-insights");
  });
});
