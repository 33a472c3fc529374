import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { SWRConfig } from "swr";
import { describe, expect, it, vi } from "vitest";
import { PARTIES_PATH, RANKINGS_PATH, UNIT_PRICES_PATH, type Coverage, type ShipmentPage } from "../../api/market";
import { swrOptions } from "../../api/swr";
import type { Language } from "../../i18n/messages";
import { stubApi, type StubAnswer } from "../../testing/api";
import { renderWithShell } from "../../testing/render";
import { AnswerImporters } from "./AnswerImporters";
import { CoverageNote, PeriodNotice } from "./Coverage";
import { PartyDrawer } from "./PartyDrawer";
import { PricePanel } from "./PricePanel";
import { RankingsPanel } from "./RankingsPanel";
import { ShipmentTable, nextSort } from "./ShipmentTable";

vi.mock("../../components/PriceChart", () => ({
  default: ({ label, groups }: { label: string; groups: { label: string }[] }) => (
    <div role="img" aria-label={label} data-groups={groups.map((group) => group.label).join(",")} />
  ),
}));

const COUNTRIES = [
  { code: "US", nameEn: "United States", nameVi: "Hoa Kỳ", nameZh: "美国" },
  { code: "VN", nameEn: "Viet Nam", nameVi: "Việt Nam", nameZh: "越南" },
  { code: "IN", nameEn: "India", nameVi: "Ấn Độ", nameZh: "印度" },
];

const COVERAGE: Coverage = {
  firstDate: "2023-01-01",
  lastDate: "2025-12-31",
  shipments: 200000,
  sources: ["demo"],
  demo: true,
  updatedAt: "2026-01-05T08:00:00Z",
};

const ok = (data: unknown, meta: Record<string, unknown> = {}): StubAnswer => ({ body: { data, meta } });

function renderFresh(ui: ReactElement, language: Language = "en") {
  return renderWithShell(
    <SWRConfig value={{ ...swrOptions({}, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>,
    { language },
  );
}

function requests(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url))
    .filter((url) => url.split("?")[0] === path)
    .map((url) => new URLSearchParams(url.split("?")[1] ?? ""));
}

describe("CoverageNote and PeriodNotice", () => {
  it("states the data's months, shipments and that it is demo data, in each language", () => {
    renderFresh(<CoverageNote coverage={COVERAGE} />);
    expect(screen.getByText(/^Data: Jan 2023 – Dec 2025, 200,000 shipments, demo/)).toBeTruthy();
    expect(screen.getByText(/Updated Jan 5, 2026/)).toBeTruthy();
  });

  it("states the coverage in Vietnamese", () => {
    renderFresh(<CoverageNote coverage={COVERAGE} />, "vi");
    expect(document.querySelector(".market-coverage")?.textContent).toMatch(
      /^Dữ liệu: tháng 01, 2023 – tháng 12, 2025, 200\.000 lô hàng, dữ liệu mẫuCập nhật/,
    );
  });

  it("says when the period lies outside the data and offers its last 12 months", () => {
    const useLatest = vi.fn();
    const notice = (startDate: string, endDate: string) => (
      <PeriodNotice filters={{ startDate, endDate }} coverage={COVERAGE} onUseLatest={useLatest} />
    );
    const first = renderFresh(notice("01-01-2026", "31-03-2026"));
    expect(screen.getByRole("status").textContent).toContain("The data covers Jan 2023 – Dec 2025; your period lies outside it");
    fireEvent.click(screen.getByRole("button", { name: "Use the last 12 months of data" }));
    expect(useLatest).toHaveBeenCalledOnce();

    first.unmount();
    const second = renderFresh(notice("01-06-2025", "31-05-2026"));
    expect(screen.getByRole("status").textContent).toContain("part of your period lies outside it");
    expect(screen.queryByRole("button")).toBeNull();

    second.unmount();
    renderFresh(notice("01-01-2025", "31-12-2025"));
    expect(screen.queryByRole("status")).toBeNull();
  });
});

const SHIPMENT_PAGE: ShipmentPage = {
  page: 1,
  pageSize: 10,
  total: 1,
  shipments: [
    {
      id: 7,
      date: "2024-03-05",
      hsCode: "080132",
      productDescription: "Cashew kernels W320",
      exporterId: 11,
      exporterName: "Lafooco",
      exporterCountry: "VN",
      importerId: 12,
      importerName: "Olam Americas",
      importerCountry: "US",
      quantity: 19200,
      quantityUnit: "KGM",
      netWeightKg: 19200,
      valueUsd: 134400,
      pricePerUnit: 7,
      pricePerKg: 7,
    },
  ],
};

describe("ShipmentTable", () => {
  it("sorts by a column's header, descending first, and says which order holds", () => {
    const onSort = vi.fn();
    const onParty = vi.fn();
    renderFresh(
      <ShipmentTable
        result={SHIPMENT_PAGE}
        loading={false}
        countries={COUNTRIES}
        pageSizes={[10, 25]}
        sort="-date"
        onSort={onSort}
        onParty={onParty}
        onPage={() => undefined}
        onPageSize={() => undefined}
      />,
    );
    const header = (name: string) => screen.getByRole("columnheader", { name });
    expect(header("Date").getAttribute("aria-sort")).toBe("descending");
    expect(header("Price (USD)").getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(header("Price (USD)")).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith("-value");
    fireEvent.click(within(header("Date")).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith("date");
    fireEvent.click(within(header("Price (USD/kg)")).getByRole("button"));
    expect(onSort).toHaveBeenLastCalledWith("-price_per_kg");

    fireEvent.click(screen.getByRole("button", { name: "Olam Americas" }));
    expect(onParty).toHaveBeenCalledWith(12, "Olam Americas");
  });

  it("turns a sorted column round", () => {
    expect(nextSort("-weight", "weight")).toBe("weight");
    expect(nextSort("weight", "weight")).toBe("-weight");
    expect(nextSort("-date", "value")).toBe("-value");
  });
});

const RANKINGS = [
  {
    rank: 1,
    party_id: 12,
    name: "Olam Americas",
    country: "US",
    shipments: 40,
    value_usd: 600000,
    net_weight_kg: 90000,
    last_date: "2025-11-20",
    share: 0.6,
    previous: 400000,
    growth: 0.5,
  },
  {
    rank: 2,
    party_id: 15,
    name: "Delhi Dry Fruits",
    country: "IN",
    shipments: 10,
    value_usd: 400000,
    net_weight_kg: 50000,
    last_date: "2025-10-02",
    share: 0.4,
    previous: 0,
    growth: null,
  },
];

describe("RankingsPanel", () => {
  it("ranks importers by value with share and change, then exporters by weight", async () => {
    const fetchMock = stubApi({ [`GET ${RANKINGS_PATH}`]: ok(RANKINGS, { page: 1, page_size: 10, total: 2 }) });
    const onParty = vi.fn();
    renderFresh(<RankingsPanel query="product_details=cashew" countries={COUNTRIES} pageSizes={[10, 25]} onParty={onParty} />);

    const first = (await screen.findByRole("button", { name: "Olam Americas" })).closest("tr")!;
    const cells = within(first).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual(["1", "Olam AmericasUnited States", "$600,000", "60%", "+50%", "Nov 20, 2025"]);
    const second = screen.getByRole("button", { name: "Delhi Dry Fruits" }).closest("tr")!;
    expect(within(second).getAllByRole("cell")[4]?.textContent).toBe("New");
    expect(requests(fetchMock, RANKINGS_PATH)[0]?.get("side")).toBe("importer");

    fireEvent.click(screen.getByRole("button", { name: "Exporters" }));
    fireEvent.change(screen.getByLabelText("Rank by"), { target: { value: "weight" } });
    await waitFor(() => {
      const last = requests(fetchMock, RANKINGS_PATH).at(-1);
      expect([last?.get("side"), last?.get("by"), last?.get("product_details")]).toEqual(["exporter", "weight", "cashew"]);
    });
    expect(await screen.findByRole("columnheader", { name: "Net weight" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Olam Americas" }));
    expect(onParty).toHaveBeenCalledWith(12, "Olam Americas");
  });

  it("calls nobody new when the data does not reach back into the previous period", async () => {
    stubApi({ [`GET ${RANKINGS_PATH}`]: ok(RANKINGS, { page: 1, page_size: 10, total: 2 }) });
    renderFresh(
      <RankingsPanel query="product_details=cashew" countries={COUNTRIES} pageSizes={[10]} previousInData={false} onParty={vi.fn()} />,
    );
    const second = (await screen.findByRole("button", { name: "Delhi Dry Fruits" })).closest("tr")!;
    expect(within(second).getAllByRole("cell")[4]?.textContent).toBe("—");
  });
});

const FIGURES = { priced_shipments: 3, net_weight_kg: 30000, value_usd: 210000, average: 7 };

describe("PricePanel", () => {
  it("shows the quartiles per kg and compares origins", async () => {
    const fetchMock = stubApi({
      [`GET ${UNIT_PRICES_PATH}`]: ok({
        unit: "USD/kg",
        approximate: false,
        relative_error: null,
        months: [
          { month: "2025-01", p25: 6.5, median: 7, p75: 7.25, ...FIGURES },
          { month: "2025-02", p25: 6.75, median: 7.1, p75: 7.5, ...FIGURES },
        ],
        groups: [
          { country: "VN", p25: 6.5, median: 6.9, p75: 7.2, ...FIGURES, months: [{ month: "2025-02", p25: 6.5, median: 6.9, p75: 7.2, ...FIGURES }] },
        ],
      }),
    });
    renderFresh(<PricePanel query="product_details=cashew" countries={COUNTRIES} />);

    const chart = await screen.findByRole("img", { name: /Unit price per kg \(USD\/kg\) by month, Jan 2025 – Feb 2025/ });
    const months = screen.getByRole("table", { name: /by month/ });
    expect(within(months).getAllByRole("row")[1]?.textContent).toBe("Jan 2025$6.50/kg$7/kg$7.25/kg$7/kg330 t");

    fireEvent.change(screen.getByLabelText("Compare by"), { target: { value: "origin" } });
    const origins = await screen.findByRole("table", { name: "Unit price per kg by origin country" });
    expect(within(origins).getAllByRole("row")[1]?.textContent).toBe("Viet Nam$6.50/kg$6.90/kg$7.20/kg$7/kg330 t");
    expect(requests(fetchMock, UNIT_PRICES_PATH).at(-1)?.get("by")).toBe("origin");
    expect((await screen.findByRole("img", { name: /Unit price/ })).getAttribute("data-groups")).toBe("Viet Nam");
    expect(chart).toBeTruthy();
  });

  it("marks estimated percentiles and says how close they are", async () => {
    stubApi({
      [`GET ${UNIT_PRICES_PATH}`]: ok({
        unit: "USD/kg",
        approximate: true,
        relative_error: 0.0078,
        months: [{ month: "2025-01", p25: 6.5, median: 7, p75: 7.25, ...FIGURES }],
        groups: [],
      }),
    });
    renderFresh(<PricePanel query="product_details=cashew" countries={COUNTRIES} />);

    expect(await screen.findByText("Percentiles marked ≈ are estimated from the shipments grouped by price, within 0.8% of the exact figure.")).toBeTruthy();
    const months = screen.getByRole("table", { name: /by month/ });
    expect(within(months).getAllByRole("row")[1]?.textContent).toBe("Jan 2025≈ $6.50/kg≈ $7/kg≈ $7.25/kg$7/kg330 t");
  });

  it("says so when no shipment has a weight", async () => {
    stubApi({ [`GET ${UNIT_PRICES_PATH}`]: ok({ unit: "USD/kg", approximate: false, relative_error: null, months: [], groups: [] }) });
    renderFresh(<PricePanel query="product_details=cashew" countries={COUNTRIES} />);
    expect(await screen.findByText(/no price per kg/)).toBeTruthy();
  });
});

const PROFILE = {
  party_id: 12,
  name: "Olam Americas",
  country: "US",
  shipments: 5,
  as_importer: 5,
  as_exporter: 0,
  value_usd: 700000,
  net_weight_kg: 100000,
  first_date: "2023-02-01",
  last_date: "2025-11-20",
  months: [
    { month: "2025-10", shipments: 2, value_usd: 300000, net_weight_kg: 40000 },
    { month: "2025-11", shipments: 3, value_usd: 400000, net_weight_kg: 60000 },
  ],
  products: [
    {
      hs_code: "080132",
      descriptions: { en: "Cashew nuts, shelled", vi: "Hạt điều đã bóc vỏ", zh: "去壳腰果" },
      shipments: 5,
      value_usd: 700000,
      net_weight_kg: 100000,
      median_price_per_kg: 6.95,
    },
  ],
  partner_countries: [{ country: "VN", shipments: 5, value_usd: 700000, net_weight_kg: 100000 }],
  counterparties: [
    { party_id: 11, name: "Lafooco", country: "VN", shipments: 5, value_usd: 700000, net_weight_kg: 100000, last_date: "2025-11-20" },
  ],
};

describe("PartyDrawer", () => {
  it("shows a party's trade profile and opens a counterparty's", async () => {
    const fetchMock = stubApi({ [`GET ${PARTIES_PATH}/12`]: ok(PROFILE) });
    const onOpen = vi.fn();
    const onClose = vi.fn();
    renderFresh(<PartyDrawer party={{ id: 12, name: "Olam Americas" }} countries={COUNTRIES} onOpen={onOpen} onClose={onClose} />);

    const dialog = screen.getByRole("dialog", { name: "Olam Americas" });
    await within(dialog).findByText("Top products");
    expect(within(dialog).getByText("Feb 1, 2023")).toBeTruthy();
    const product = within(dialog).getByText("Cashew nuts, shelled").closest("tr")!;
    expect(product.textContent).toBe("080132Cashew nuts, shelled5$700,000100 t$6.95/kg");
    const months = within(dialog).getByRole("heading", { name: "Monthly value and volume" }).parentElement!;
    expect(within(months).getAllByRole("row").map((row) => row.textContent)).toEqual([
      "MonthShipmentsValue (USD)Net weight",
      "Nov 20253$400,00060 t",
      "Oct 20252$300,00040 t",
    ]);
    expect(requests(fetchMock, `${PARTIES_PATH}/12`)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole("button", { name: "Lafooco" }));
    expect(onOpen).toHaveBeenCalledWith(11, "Lafooco");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("says so when the profile cannot be loaded", async () => {
    stubApi({});
    renderFresh(<PartyDrawer party={{ id: 99, name: "Gone Ltd" }} countries={COUNTRIES} onOpen={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});


describe("AnswerImporters", () => {
  it("links the importers an AI answer names to their trade profiles", () => {
    const onParty = vi.fn();
    renderFresh(
      <AnswerImporters
        importers={[{ partyId: 12, importerName: "Olam Americas", importerCountry: "US", shipments: 4, valueUsd: 520000 }]}
        countries={COUNTRIES}
        onParty={onParty}
      />,
    );
    const list = screen.getByRole("navigation", { name: "Importers in this answer" });
    expect(within(list).getByRole("listitem").textContent).toBe("Olam Americas United States · $520,000");
    fireEvent.click(within(list).getByRole("button", { name: "Olam Americas" }));
    expect(onParty).toHaveBeenCalledWith(12, "Olam Americas");
  });

  it("shows nothing when the answer names no importer", () => {
    renderFresh(<AnswerImporters importers={[]} countries={COUNTRIES} onParty={vi.fn()} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
