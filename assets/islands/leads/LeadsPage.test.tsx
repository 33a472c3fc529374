import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../../api/accounts";
import { refreshProfile } from "../../api/billing";
import { COMPANIES_PATH, EMPLOYEES_PATH, MY_LEADS_PATH } from "../../api/leads";
import { META_PATH } from "../../api/market";
import { swrOptions } from "../../api/swr";
import type { Language } from "../../i18n/messages";
import type { Preload } from "../../shell/preload";
import { usePricingStore } from "../../stores/pricing";
import { useToastStore } from "../../stores/toast";
import { stubApi, type StubAnswer, type StubRoutes } from "../../testing/api";
import { clientData, wireProfile } from "../../testing/billing";
import { renderWithShell, testPreload } from "../../testing/render";
import { UsageSummary } from "../../shell/UsageSummary";
import { forgetPhoneStates } from "./ContactCells";
import { LeadsPage } from "./LeadsPage";

vi.mock("../../components/ShipmentChart", () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

vi.mock("../../api/billing", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/billing")>()),
  refreshProfile: vi.fn(() => Promise.resolve()),
}));

const META = {
  countries: [
    { code: "DE", name_en: "Germany", name_vi: "Đức", name_zh: "德国" },
    { code: "VN", name_en: "Viet Nam", name_vi: "Việt Nam", name_zh: "越南" },
  ],
  hs_sections: [],
  page_sizes: [10, 25, 50, 100],
  date_formats: ["dd-MM-yyyy", "dd/MM/yyyy"],
  data_range: { first_date: "2024-01-01", last_date: "2026-02-28" },
  demo_data: true,
};

const COMPANY = {
  id: 42,
  name: "Nordkern Foods GmbH",
  domain: "nordkern.example",
  country: "DE",
  city: "Hamburg",
  industries: ["Food & Beverages", "Wholesale"],
  technologies: ["SAP"],
  keywords: ["cashew"],
  funding_stage: "",
  funding_date: null,
  job_postings: 2,
  job_posting_date: null,
  revenue_usd: 25000000,
  revenue_range: "$10M-$50M",
  employees: 120,
  founded_year: 1998,
  retail_locations: null,
  business_type: "Importer",
  description: "Importer of nuts and dried fruit.",
  source: "demo",
  source_date: null,
  is_demo: true,
  shipment_count: 37,
  last_import_date: "2026-02-12",
};

const DETAIL = {
  ...COMPANY,
  people_count: 3,
  trade: {
    shipments: 37,
    value_usd: 2590000,
    last_shipment_date: "2026-02-12",
    top_products: [{ hs_code: "080132", shipments: 30, value_usd: 2100000 }],
    partner_countries: [{ country: "VN", shipments: 37, value_usd: 2590000 }],
    value_per_year: [{ year: 2025, shipments: 30, value_usd: 2000000 }],
    monthly: [
      { month: "2025-03", shipments: 3, value_usd: 210000 },
      { month: "2026-02", shipments: 4, value_usd: 280000 },
    ],
  },
  trade_party_id: 314,
};

function lead(fields: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: "Anna Becker",
    first_name: "Anna",
    last_name: "Becker",
    social_url: "https://www.linkedin.com/in/anna-becker",
    country: "DE",
    location: "Hamburg",
    job_title: "Head of Purchasing",
    seniority: "head",
    department: "Purchasing",
    company: { id: 42, name: COMPANY.name, domain: COMPANY.domain, country: "DE", revenue_usd: 25000000, revenue_range: "", employees: 120 },
    email: null,
    email_status: null,
    email_state: null,
    phone: null,
    phone_state: null,
    requested_at: null,
    ...fields,
  };
}

const ok = (data: unknown, meta: Record<string, unknown> = {}): StubAnswer => ({ body: { data, meta } });
const page = (rows: unknown[]) => ok(rows, { page: 1, page_size: 10, total: rows.length });
const insufficient: StubAnswer = {
  status: 403,
  body: { data: { error: "insufficient credit", fields: {} }, meta: { message: "insufficient credit", code: "insufficient_credit" } },
};

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    [`GET ${COMPANIES_PATH}`]: page([COMPANY]),
    [`GET ${COMPANIES_PATH}/42`]: ok(DETAIL),
    [`GET ${EMPLOYEES_PATH}`]: page([lead()]),
    [`GET ${MY_LEADS_PATH}`]: ok([]),
    [`GET ${EMPLOYEES_PATH}/7/request-email`]: ok(lead({ email: "anna@nordkern.example", email_status: "valid", email_state: "found" }), {
      message: "Email revealed",
      credits_charged: 1,
    }),
    [`GET ${EMPLOYEES_PATH}/7/request-contact`]: {
      status: 202,
      body: { data: lead({ phone_state: "processing" }), meta: { message: "Phone number requested", credits_charged: 5 } },
    },
    ...overrides,
  };
}

function renderPage(preload: Partial<Preload>, language: Language = "en") {
  const fallback = { [USERS_PATH]: clientData(wireProfile()), [META_PATH]: clientData(META) };
  renderWithShell(
    <SWRConfig value={{ ...swrOptions(fallback, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <LeadsPage />
    </SWRConfig>,
    { language, preload: testPreload(preload) },
  );
}

const companyPage = { page: "find-global-company", path: "/find-global-company" } as const;
const leadPage = { page: "find-global-lead", path: "/find-global-lead" } as const;

function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url))
    .filter((url) => url.split("?")[0] === path)
    .map((url) => new URLSearchParams(url.split("?")[1] ?? ""));
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  useToastStore.setState({ toasts: [], lastId: 0 });
  usePricingStore.setState({ product: null });
  vi.mocked(refreshProfile).mockClear();
  forgetPhoneStates();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("company search", () => {
  it("asks for a filter first, then lists the importers with their last import", async () => {
    const fetchMock = stubApi(routes());
    window.history.replaceState(null, "", "/find-global-company");
    renderPage(companyPage);
    expect(screen.getByRole("link", { name: "Companies" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByText("At least one of the filters is required")).toBeTruthy();
    expect(queriesTo(fetchMock, COMPANIES_PATH)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Imports product"), { target: { value: "cashew" } });
    fireEvent.change(screen.getByLabelText("Countries"), { target: { value: "DE" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));

    const link = await screen.findByRole("link", { name: COMPANY.name });
    const row = link.closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Food & Beverages, Wholesale")).toBeTruthy();
    expect(within(row).getByText("Feb 12, 2026")).toBeTruthy();
    expect(within(row).getByText("37")).toBeTruthy();
    const sent = queriesTo(fetchMock, COMPANIES_PATH)[0];
    expect(sent?.get("imports_product")).toBe("cashew");
    expect(sent?.getAll("countries")).toEqual(["DE"]);
    expect(window.location.search).toBe("?countries=DE&imports_product=cashew");
    expect(link.getAttribute("href")).toBe("/find-global-company/42?countries=DE&imports_product=cashew");
    expect(refreshProfile).toHaveBeenCalled();
  });

  it("checks the min and max pairs before asking the server", () => {
    const fetchMock = stubApi(routes());
    renderPage(companyPage);
    fireEvent.click(screen.getByRole("button", { name: "More filters" }));
    fireEvent.change(screen.getByLabelText("Revenue (USD) Min"), { target: { value: "500" } });
    fireEvent.change(screen.getByLabelText("Revenue (USD) Max"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByText("Revenue min must be smaller than or equal to revenue max")).toBeTruthy();
    expect(queriesTo(fetchMock, COMPANIES_PATH)).toHaveLength(0);
  });

  it("runs the search in the address and sends the selected companies to the people search", async () => {
    stubApi(routes());
    window.history.replaceState(null, "", "/find-global-company?industries=Wholesale&page_size=25");
    renderPage(companyPage);
    expect(screen.getByText("Wholesale", { selector: ".chip" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("checkbox", { name: `Select ${COMPANY.name}` }));
    expect(screen.getByRole("link", { name: "People at selected companies (1)" }).getAttribute("href")).toBe(
      "/find-global-lead?company_ids=42",
    );
  });
});

describe("company detail", () => {
  it("keeps the list's filters in its back link and shows the trade history and the people", async () => {
    stubApi(routes());
    window.history.replaceState(null, "", "/find-global-company/42?countries=DE&imports_product=cashew");
    renderPage({ page: "company-detail", path: "/find-global-company/42", data: { companyId: "42" } });
    expect(await screen.findByRole("heading", { name: COMPANY.name, level: 1 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to companies" }).getAttribute("href")).toBe(
      "/find-global-company?countries=DE&imports_product=cashew",
    );
    expect(await screen.findByRole("img", { name: `Value and shipments of ${COMPANY.name} per month, over 2 months` })).toBeTruthy();
    expect(screen.getByText("080132")).toBeTruthy();
    const market = screen.getByRole("link", { name: "Open in Market Insight" }).getAttribute("href") ?? "";
    const params = new URLSearchParams(market.split("?")[1]);
    expect(params.get("importer_name")).toBe(COMPANY.name);
    expect(params.get("importer_country")).toBe("DE");
    expect(params.get("product_details")).toBe("cashew");
    expect(params.get("start_date")).toBe("01-03-2025");
    expect(params.get("end_date")).toBe("12-02-2026");
    expect(params.get("party")).toBe("314");
    expect(await screen.findByText("Anna Becker")).toBeTruthy();
  });

  it("describes a demo company in the reader's language, not with its stored English text", async () => {
    stubApi(routes());
    renderPage({ page: "company-detail", path: "/find-global-company/42", data: { companyId: "42" } }, "vi");
    expect(await screen.findByText("Công ty mẫu: một người mua giả định, với nhân sự và số liệu giả định, để dùng thử sản phẩm.")).toBeTruthy();
    expect(screen.queryByText(COMPANY.description)).toBeNull();
  });
});

describe("people search", () => {
  it("waits for companies to be chosen", () => {
    const fetchMock = stubApi(routes());
    renderPage(leadPage);
    expect(screen.getByText("Choose the companies whose people you want to see")).toBeTruthy();
    expect(queriesTo(fetchMock, EMPLOYEES_PATH)).toHaveLength(0);
  });

  it("finds a company by name and lists its people", async () => {
    const fetchMock = stubApi(routes());
    window.history.replaceState(null, "", "/find-global-lead");
    renderPage(leadPage);
    fireEvent.change(screen.getByLabelText("Company name"), { target: { value: "Nordkern" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add" }));
    expect(await screen.findByText("Anna Becker")).toBeTruthy();
    expect(queriesTo(fetchMock, EMPLOYEES_PATH)[0]?.getAll("company_ids")).toEqual(["42"]);
    expect(window.location.search).toBe("?company_ids=42");
  });

  it("reveals an email for a credit and requests a phone, refetching the profile and the list", async () => {
    const fetchMock = stubApi(routes());
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    renderPage(leadPage);
    fireEvent.click(await screen.findByRole("button", { name: "Reveal email (1 credit) of Anna Becker" }));
    const email = await screen.findByRole("link", { name: "anna@nordkern.example" });
    expect(screen.getByText("Valid")).toBeTruthy();
    // The keyboard stays on the cell the button was in, not at the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(email.closest(".leads-contact-cell")));
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "leads.email.revealed" });
    await waitFor(() => expect(queriesTo(fetchMock, EMPLOYEES_PATH).length).toBe(2));

    fireEvent.click(screen.getByRole("button", { name: "Request phone (5 credits) of Anna Becker" }));
    const processing = await screen.findByText("Processing");
    await waitFor(() => expect(document.activeElement).toBe(processing.closest(".leads-contact-cell")));
    // The credits are only held while the number is looked up: the cell and the toast say so.
    expect(processing.closest(".leads-processing")?.textContent).toContain(
      "5 credits are held for this lookup and returned to you if no number is found. It may take 5 minutes; the number will also be emailed to you.",
    );
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: { id: "leads.phone.requested" },
      description: { id: "leads.phone.held", values: { credits: 5 } },
    });
    expect(vi.mocked(refreshProfile).mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it("says a lookup that ended without a number returned its credits, and refreshes the balance", async () => {
    let balance = 505;
    let myLeads = [lead({ phone_state: "processing", requested_at: "2026-03-01T10:05:00Z" })];
    const fetchMock = stubApi(
      routes({
        [`GET ${EMPLOYEES_PATH}`]: () => page([lead({ phone_state: "processing" })]),
        [`GET ${MY_LEADS_PATH}`]: () => ok(myLeads),
        [`GET ${USERS_PATH}`]: () => ok(wireProfile({ credits: { balance, free: 5, bought: 500, held: 0, daily_allowance: 10 } })),
      }),
    );
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    const fallback = {
      [USERS_PATH]: clientData(wireProfile({ credits: { balance, free: 5, bought: 500, held: 5, daily_allowance: 10 } })),
      [META_PATH]: clientData(META),
    };
    renderWithShell(
      <SWRConfig value={{ ...swrOptions(fallback, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
        <UsageSummary />
        <LeadsPage />
      </SWRConfig>,
      { preload: testPreload(leadPage) },
    );
    expect(await screen.findByText("Processing")).toBeTruthy();
    expect(useToastStore.getState().toasts).toHaveLength(0);

    // The lookup ends with no number: the server gave the 5 held credits back.
    myLeads = [lead({ phone_state: "not_found", requested_at: "2026-03-01T10:05:00Z" })];
    balance = 510;
    fireEvent.click(screen.getByRole("button", { name: "My leads" }));
    const drawer = await screen.findByRole("dialog", { name: "My leads" });
    expect(await within(drawer).findByText("No mobile number")).toBeTruthy();
    expect(within(drawer).getByText("No credits were kept for it.")).toBeTruthy();
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        variant: "info",
        title: { id: "leads.phone.noneFound", values: { name: "Anna Becker" } },
        description: { id: "leads.phone.returned", values: { credits: 5 } },
      }),
    );
    await waitFor(() => expect(screen.getByRole("link", { name: /^Credits/ }).textContent).toContain("510"));
    expect(queriesTo(fetchMock, USERS_PATH).length).toBeGreaterThanOrEqual(1);
    // Told once, though two tables show the lead.
    expect(useToastStore.getState().lastId).toBe(1);
  });

  it("tells Vietnamese readers a phone takes 30-45 minutes", async () => {
    stubApi(routes({ [`GET ${EMPLOYEES_PATH}`]: page([lead({ phone_state: "processing" })]) }));
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    renderPage(leadPage, "vi");
    expect(await screen.findByText(/30-45 phút/)).toBeTruthy();
  });

  it("shows 'No email' and 'No mobile number' when nothing was found", async () => {
    stubApi(routes({ [`GET ${EMPLOYEES_PATH}`]: page([lead({ email_state: "not_found", phone_state: "not_found" })]) }));
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    renderPage(leadPage);
    expect(await screen.findByText("No email")).toBeTruthy();
    expect(screen.getByText("No mobile number")).toBeTruthy();
  });

  it("says a failed phone lookup was refunded and lets it be asked again", async () => {
    const fetchMock = stubApi(routes({ [`GET ${EMPLOYEES_PATH}`]: page([lead({ phone_state: "failed" })]) }));
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    renderPage(leadPage);
    expect(await screen.findByText("Lookup failed, credits refunded")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Request phone (5 credits) of Anna Becker" }));
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "leads.phone.requested" }));
    expect(queriesTo(fetchMock, `${EMPLOYEES_PATH}/7/request-contact`)).toHaveLength(1);
  });

  it("opens the credit plans when the balance is short", async () => {
    stubApi(routes({ [`GET ${EMPLOYEES_PATH}/7/request-contact`]: insufficient }));
    window.history.replaceState(null, "", "/find-global-lead?company_ids=42");
    renderPage(leadPage);
    fireEvent.click(await screen.findByRole("button", { name: "Request phone (5 credits) of Anna Becker" }));
    await waitFor(() => expect(usePricingStore.getState().product).toBe("lead-sourcing"));
    expect(useToastStore.getState().toasts[0]?.title).toEqual({ id: "error.insufficientCredit" });
    expect(window.location.search).toContain("pricing=lead-sourcing");
    expect(screen.getByRole("button", { name: "Request phone (5 credits) of Anna Becker" })).toBeTruthy();
  });
});

describe("My leads drawer", () => {
  it("opens from the address, lists the requested leads and exports the revealed ones", async () => {
    const revealed = lead({ email: "anna@nordkern.example", email_status: "valid", email_state: "found", requested_at: "2026-03-01T10:00:00Z" });
    const pending = lead({ id: 8, name: "Jonas Weber", phone_state: "processing", requested_at: "2026-03-01T10:05:00Z" });
    stubApi(routes({ [`GET ${MY_LEADS_PATH}`]: ok([revealed, pending]) }));
    window.history.replaceState(null, "", "/find-global-lead?my-leads=1");
    renderPage({ ...leadPage, search: { ...testPreload().search, myLeads: "1" } });
    const drawer = await screen.findByRole("dialog", { name: "My leads" });
    expect(await within(drawer).findByText("anna@nordkern.example")).toBeTruthy();
    expect(within(drawer).getByText("Jonas Weber")).toBeTruthy();
    expect(within(drawer).getByText("Processing")).toBeTruthy();
    expect(within(drawer).getByRole("button", { name: "Export CSV (1)" })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.location.search).toBe("");
  });

  it("opens with the My leads button", async () => {
    stubApi(routes());
    renderPage(leadPage);
    fireEvent.click(screen.getByRole("button", { name: "My leads" }));
    expect(await screen.findByText("The emails and phone numbers you reveal are listed here.")).toBeTruthy();
    expect(window.location.search).toBe("?my-leads=1");
  });
});
