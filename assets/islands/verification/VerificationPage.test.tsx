import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { USERS_PATH } from "../../api/accounts";
import { swrOptions } from "../../api/swr";
import { MY_VERIFICATIONS_PATH, VERIFICATION_PATH } from "../../api/verification";
import type { components } from "../../api/schema.gen";
import type { Language } from "../../i18n/messages";
import { NotificationStack } from "../../shell/NotificationStack";
import type { Preload } from "../../shell/preload";
import { useToastStore } from "../../stores/toast";
import { useVerificationStore } from "../../stores/verification";
import { callsTo, stubApi, type StubAnswer, type StubRoutes } from "../../testing/api";
import { clientData, wireProfile } from "../../testing/billing";
import { renderWithShell, testPreload } from "../../testing/render";
import { VerificationPage } from "./VerificationPage";

vi.mock("../../components/ShipmentChart", () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

vi.mock("../../api/billing", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/billing")>()),
  refreshProfile: vi.fn(() => Promise.resolve()),
}));

type Wire = components["schemas"];

const ok = (data: unknown, meta: Record<string, unknown> = {}): StubAnswer => ({ body: { data, meta } });
const failure = (
  status: number,
  message: string,
  code: string,
  fields: Record<string, string[]> = {},
  fieldCodes: Record<string, string> = {},
): StubAnswer => ({
  status,
  body: { data: { error: message, fields }, meta: { message, code, field_codes: fieldCodes } },
});

const COMPANY = {
  id: 42,
  name: "Nordkern Foods GmbH",
  domain: "nordkern.example",
  website: "https://nordkern.example",
  country: "DE",
  city: "Hamburg",
  industries: ["Food & Beverages"],
  industry: "Food & Beverages",
  employees: 120,
  founded_year: 1998,
  is_demo: true,
};

const SHIPMENT = {
  date: "2026-02-12",
  hs_code: "080132",
  product: "Cashew kernels, shelled",
  exporter_country: "VN",
  importer_country: "DE",
  order_value_usd: 70000,
} satisfies Wire["TradeRecord"];

const REASONS = [
  {
    check: "website",
    code: "check_failed",
    level: "needs_review",
    source: "",
    source_date: null,
    text: "The website check could not run (The website is unreachable): run it again before relying on this result.",
  },
  {
    check: "trade_data",
    code: "trade_records",
    level: "verified",
    source: "trade data",
    source_date: "2026-02-12",
    text: "Imports HS 0801 from Viet Nam, last shipment 2 months ago.",
  },
  {
    check: "sanctions",
    code: "screened_clear",
    level: "verified",
    source: "OFAC SDN",
    source_date: "2026-01-15",
    text: "No sanctions match on OFAC SDN (2026-01-15, 14,965 entries).",
  },
] satisfies Wire["ReasonOut"][];

const SANCTIONS = {
  state: "success",
  error: null,
  found_data: true,
  screened_name: "Nordkern Foods GmbH",
  threshold: 0.75,
  review_threshold: 0.7,
  match: false,
  hits: 0,
  reviews: 0,
  matches: [
    {
      name: "Nordkern Trading LLC",
      matched_name: "Nordkern Foods GmbH",
      score: 0.62,
      list: "OFAC SDN",
      programme: "IRAN",
      list_date: "2026-01-15",
      above_threshold: false,
      grade: "near",
    },
  ],
  lists: [
    { name: "OFAC SDN", published_on: "2026-01-15", entry_count: 14965, loaded_at: "2026-01-16T06:00:00Z" },
    { name: "OFAC Consolidated", published_on: null, entry_count: 442, loaded_at: "2026-01-16T06:00:00Z" },
  ],
  last_sanction: null,
} satisfies Wire["SanctionsSection"];

/** A screening that could not run: its state and reason, the findings empty. */
const SANCTIONS_FAILED = {
  ...SANCTIONS,
  state: "error",
  error: "No sanctions list loaded",
  found_data: false,
  screened_name: "",
  threshold: null,
  review_threshold: null,
  matches: [],
  lists: [],
} satisfies Wire["SanctionsSection"];

const TRADE = {
  state: "success",
  error: null,
  found_data: true,
  shipments: 7,
  import_value_usd: 490000,
  average_import_order_value_usd: 70000,
  last_transaction: SHIPMENT,
  import_history: [SHIPMENT],
  export_history: [],
  top_products: [{ hs_code: "080132", shipments: 7, value_usd: 490000 }],
  partner_countries: [{ country: "VN", shipments: 7, value_usd: 490000 }],
  monthly: [
    { month: "2026-01", shipments: 3, value_usd: 210000 },
    { month: "2026-02", shipments: 4, value_usd: 280000 },
  ],
} satisfies Wire["TradeSection"];

const PROFILE = {
  state: "success",
  error: null,
  found_data: true,
  company: null,
  registry: null,
  place: null,
} satisfies Wire["CompanySection"];

const WEBSITE = {
  state: "error",
  error: "The website is unreachable",
  found_data: false,
  domain: "",
  website: null,
  registration: null,
  domain_age_days: null,
  domain_state: null,
  checked_at: null,
} satisfies Wire["WebsiteSection"];

const RESULT = {
  company_id: 42,
  status: "needs_review",
  verdict: { status: "needs_review", reasons: REASONS },
  industry: "Food & Beverages",
  website: "https://nordkern.example",
  company_name: "Nordkern Foods GmbH",
  country: "DE",
  lead_verification_criteria: JSON.stringify([
    { key: "company_profile", state: "success", found_data: true, error: null },
    { key: "trade_data", state: "success", found_data: true, error: null },
    { key: "sanctions", state: "success", found_data: false, error: null },
    { key: "website", state: "error", found_data: false, error: "The website is unreachable" },
  ]),
  detail: {
    phone: "+49 40 1234567",
    email: null,
    employees: 120,
    founded_year: 1998,
    sanctions: null,
    import_history: [SHIPMENT],
    export_history: [],
    average_import_order_value: 70000,
    last_transaction: SHIPMENT,
    place_information: {
      status: "found",
      address: "Am Sandtorkai 1, Hamburg",
      place_name: "Nordkern Foods",
      business_status: "OPERATIONAL",
      rating: 4.4,
      place_type: "food wholesaler",
      opening_hours: ["Mon-Fri 08:00-17:00"],
      phone: "+49 40 1234567",
      website: "",
      error: null,
      source: "google places",
      fetched_at: "2026-03-01T10:00:00Z",
    },
    website_status: { url: "https://nordkern.example/", status_code: 200, tls: true, error: null },
    domain: "nordkern.example",
    domain_age_days: 3300,
    domain_age: "9 years",
    domain_expires_at: "2027-05-01",
    verified_at: "2026-03-01T10:00:00Z",
    last_sanction: null,
    credits_used: 100,
  },
  checks: { company_profile: PROFILE, trade_data: TRADE, sanctions: SANCTIONS, website: WEBSITE },
  recommendations: {
    employee_size: null,
    founded_age: null,
    domain_state: null,
    sanction_match: {
      value: "no",
      texts: {
        en: "No sanctions match above the threshold.",
        vi: "Không có trùng khớp danh sách trừng phạt vượt ngưỡng.",
        zh: "没有超过阈值的制裁名单匹配。",
      },
    },
    transactions: { value: "strong", texts: { en: "An active importer with 37 shipments.", vi: "Nhà nhập khẩu năng động.", zh: "活跃的进口商。" } },
  },
  trust_verdict: REASONS.map((reason) => reason.text),
  language: "en",
  message: null,
  free_retry_until: "2026-03-08T09:59:00Z",
  is_demo: true,
} satisfies Wire["ResultOut"];

const ALL_SUCCESS = { company_profile: "success", trade_data: "success", sanctions: "success", website: "success" };

function progressOf(fields: Record<string, unknown>) {
  return {
    company_id: 42,
    name: "Nordkern Foods GmbH",
    domain: "nordkern.example",
    run: 1,
    checker_states: ALL_SUCCESS,
    errors: {},
    progress: 100,
    loading: false,
    is_done: true,
    finished: true,
    paid: true,
    credits_charged: 100,
    credits_held: 0,
    status: "verified",
    free_retry_until: null,
    started_at: "2026-03-01T09:59:00Z",
    finished_at: "2026-03-01T10:00:00Z",
    ...fields,
  };
}

const MINE = [
  progressOf({}),
  progressOf({
    company_id: 43,
    name: "Blue Farm Co",
    domain: "",
    checker_states: { ...ALL_SUCCESS, trade_data: "error", website: "error" },
    is_done: false,
    credits_charged: 70,
    status: "partly_verified",
  }),
];

const checkPath = (id: number, segment: string) => `POST ${VERIFICATION_PATH}/${id}/checks/${segment}`;

function routes(overrides: StubRoutes = {}): StubRoutes {
  const checks = Object.fromEntries(
    ["company-profile", "trade-data", "sanctions", "website"].map((segment) => [checkPath(42, segment), ok(progressOf({}))]),
  );
  return {
    [`GET ${VERIFICATION_PATH}`]: ok([COMPANY]),
    [`GET ${VERIFICATION_PATH}/extend`]: failure(503, "Internet search is not configured", "provider_unavailable"),
    [`GET ${MY_VERIFICATIONS_PATH}`]: ok(MINE),
    [`GET ${VERIFICATION_PATH}/42`]: ok(COMPANY),
    [`GET ${VERIFICATION_PATH}/42/results`]: ok(RESULT),
    [`GET ${VERIFICATION_PATH}/42/sanctions/check`]: ok(SANCTIONS),
    [`GET ${VERIFICATION_PATH}/42/shipments/summary`]: ok(TRADE),
    [`POST ${VERIFICATION_PATH}/42/request-report`]: { status: 201, body: { data: { id: 1, status: "open" }, meta: { message: "Request received" } } },
    [`POST ${VERIFICATION_PATH}/request-contact`]: { status: 201, body: { data: { id: 2, status: "open" }, meta: { message: "Request received" } } },
    ...checks,
    ...overrides,
  };
}

const searchPage: Partial<Preload> = { page: "lead-verification", path: "/lead-verification" };
const detailPage: Partial<Preload> = { page: "verification-detail", path: "/lead-verification/42", data: { companyId: "42" } };

function renderPage(preload: Partial<Preload>, language: Language = "en", api: Record<string, unknown> = {}) {
  const fallback = { [USERS_PATH]: clientData(wireProfile()), ...api };
  renderWithShell(
    <SWRConfig value={{ ...swrOptions(fallback, () => undefined), provider: () => new Map(), dedupingInterval: 0 }}>
      <VerificationPage />
      <NotificationStack />
    </SWRConfig>,
    { language, preload: testPreload(preload) },
  );
}

function search(name: string) {
  fireEvent.change(screen.getByLabelText("Company name"), { target: { value: name } });
  fireEvent.click(screen.getByRole("button", { name: "Search" }));
}

beforeEach(() => {
  sessionStorage.clear();
  useVerificationStore.setState({ verifications: [] });
  useToastStore.setState({ toasts: [], lastId: 0 });
  window.history.replaceState(null, "", "/lead-verification");
});

describe("the verification search", () => {
  it("asks for a company name or website before searching", () => {
    const fetchMock = stubApi(routes());
    renderPage(searchPage);
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter company name or website to verify");
    expect(callsTo(fetchMock, `GET ${VERIFICATION_PATH}`)).toHaveLength(0);
  });

  it("searches the database by name and says the internet search is unavailable", async () => {
    const fetchMock = stubApi(routes());
    renderPage(searchPage);
    search("Nordkern");
    expect(await screen.findByRole("link", { name: "Nordkern Foods GmbH" })).toBeTruthy();
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`${VERIFICATION_PATH}?name=Nordkern`);
    fireEvent.click(screen.getByRole("tab", { name: "Internet search" }));
    expect(await screen.findByText(/Internet search is not available/)).toBeTruthy();
  });

  it("labels demo companies, and shows internet rows with their source and no Verify button", async () => {
    const outside = { ...COMPANY, id: null, is_demo: false, name: "Nordkern Foods Holding", source: "GLEIF", source_record_id: "529900T8BM49AURSDO55" };
    stubApi(routes({ [`GET ${VERIFICATION_PATH}/extend`]: ok([outside], { unavailable: [] }) }));
    renderPage(searchPage);
    search("Nordkern");
    const row = (await screen.findByRole("link", { name: "Nordkern Foods GmbH" })).closest("tr")!;
    expect(within(row).getByText("Demo data")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Internet search" }));
    const link = await screen.findByRole("link", { name: "Nordkern Foods Holding" });
    expect(link.getAttribute("href")).toBe("https://search.gleif.org/#/record/529900T8BM49AURSDO55");
    const outsideRow = link.closest("tr")!;
    expect(within(outsideRow).queryByRole("button", { name: "Verify" })).toBeNull();
    expect(within(outsideRow).getByText(/Found in GLEIF; not in our database/)).toBeTruthy();
  });

  it("confirms the cost, shows the four checks' progress, hides to a card and opens the result when done", async () => {
    const fetchMock = stubApi(routes());
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderPage(searchPage);
    search("Nordkern");
    const verify = await screen.findByRole("button", { name: "Verify" });
    fireEvent.mouseEnter(verify);
    expect(screen.getByRole("tooltip").textContent).toBe("A company verification costs 100 credits.");
    fireEvent.click(verify);
    const confirm = screen.getByRole("dialog", { name: "Verify Nordkern Foods GmbH?" });
    expect(within(confirm).getByText(/100 credits are held while the checks run\. .* pay 70 credits .* 10 for each further one/)).toBeTruthy();
    expect(within(confirm).getByText("Your balance: 510 credits.")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    const progress = screen.getByRole("dialog", { name: "Verifying Nordkern Foods GmbH" });
    expect(within(progress).getAllByText("Pending")).toHaveLength(4);
    expect(within(progress).getByText("0%")).toBeTruthy();
    expect(await within(progress).findByText("100%")).toBeTruthy();
    expect(within(progress).getAllByText("Done")).toHaveLength(4);
    expect(callsTo(fetchMock, checkPath(42, "sanctions"))).toEqual([{ domain: "nordkern.example", retry: false }]);

    fireEvent.click(within(progress).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByText("Done: click to open the result"));
    expect(open).toHaveBeenCalledWith("/lead-verification/42", "_blank", "noopener");
    expect(useVerificationStore.getState().verifications).toEqual([]);
  });

  it("says before anything runs that the balance is short, and offers the credit plans instead", async () => {
    const fetchMock = stubApi(routes());
    const credits = { balance: 4, free: 4, bought: 0, held: 0, daily_allowance: 10 };
    renderPage(searchPage, "en", { [USERS_PATH]: clientData(wireProfile({ credits })) });
    search("Nordkern");
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    const confirm = screen.getByRole("dialog", { name: "Verify Nordkern Foods GmbH?" });
    expect(within(confirm).getByRole("alert").textContent).toBe(
      "You need 100 credits to start a verification and have 4: nothing will run until you add credits.",
    );
    expect(within(confirm).queryByRole("button", { name: "Confirm" })).toBeNull();
    fireEvent.click(within(confirm).getByRole("button", { name: "See credit plans" }));
    expect(window.location.search).toBe("?pricing=lead-sourcing");
    expect(callsTo(fetchMock, checkPath(42, "sanctions"))).toHaveLength(0);
  });

  it("says once that nothing ran when the server refuses the run for want of credits", async () => {
    const noCredit = failure(403, "insufficient credit: 100 needed, 60 available", "insufficient_credit");
    stubApi(routes(Object.fromEntries(["company-profile", "trade-data", "sanctions", "website"].map((segment) => [checkPath(42, segment), noCredit]))));
    renderPage(searchPage);
    search("Nordkern");
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    const progress = screen.getByRole("dialog", { name: "Verifying Nordkern Foods GmbH" });
    expect(await within(progress).findByText("Not enough credits to start this verification: nothing was run and nothing was charged.")).toBeTruthy();
    expect(within(progress).getAllByText("Pending")).toHaveLength(4);
    expect(within(progress).queryByText("Error")).toBeNull();
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual([{ id: "error.insufficientCredit" }]);
  });

  it("reopens a verification already under way instead of asking again", async () => {
    stubApi(routes());
    useVerificationStore.setState({
      verifications: [
        {
          id: "42",
          name: "Nordkern Foods GmbH",
          domain: "nordkern.example",
          progress: 50,
          checkerStates: { companyProfile: "success", tradeData: "success", sanctions: "in_progress", website: "in_progress" },
          modalOpen: false,
          notificationVisible: true,
          loading: true,
          isDone: false,
        },
      ],
    });
    renderPage(searchPage);
    expect(screen.getByText("Verifying… 50%")).toBeTruthy();
    search("Nordkern");
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    const progress = screen.getByRole("dialog", { name: "Verifying Nordkern Foods GmbH" });
    expect(within(progress).getAllByText("Verifying")).toHaveLength(2);
    expect(screen.queryByText("Verifying… 50%")).toBeNull();
  });
});

describe("My Verification", () => {
  it("opens from the address and lists the user's verifications with their status", async () => {
    stubApi(routes());
    window.history.replaceState(null, "", "/lead-verification?my-verification=1");
    renderPage({ ...searchPage, search: { ...testPreload().search, myVerification: "1" } });
    const drawer = await screen.findByRole("dialog", { name: "My Verification" });
    expect((await within(drawer).findByRole("link", { name: "Nordkern Foods GmbH" })).getAttribute("href")).toBe("/lead-verification/42");
    expect(within(drawer).getByText("Verified")).toBeTruthy();
    expect(within(drawer).getByText("Partly verified")).toBeTruthy();
    expect(within(drawer).getByText("Partly verified").getAttribute("data-status")).toBe("partly_verified");
    fireEvent.click(within(drawer).getByRole("button", { name: "Close" }));
    expect(window.location.search).toBe("");
  });

  it("opens with its button", async () => {
    stubApi(routes({ [`GET ${MY_VERIFICATIONS_PATH}`]: ok([]) }));
    renderPage(searchPage);
    fireEvent.click(screen.getByRole("button", { name: "My Verification" }));
    expect(await screen.findByText("You have not verified any company yet.")).toBeTruthy();
    expect(window.location.search).toBe("?my-verification=1");
  });
});

const sanctionsPanel = () => screen.getByRole("heading", { name: "Sanctions screening" }).closest("section")!;

describe("the verification result", () => {
  it("shows every field, the verdict, the recommendations, the sanctions evidence and the trade history", async () => {
    stubApi(routes());
    renderPage(detailPage);
    expect(await screen.findByText("Imports HS 0801 from Viet Nam, last shipment 2 months ago.")).toBeTruthy();
    const verdict = screen.getByRole("heading", { name: /Trust verdict/ }).closest("section")!;
    expect(within(verdict).getAllByText("Needs review").length).toBe(2); // the status and the website's reason
    expect(within(verdict).getByText("Demo data")).toBeTruthy();
    expect(within(verdict).getByText("Source: OFAC SDN, Jan 15, 2026")).toBeTruthy();
    expect(within(verdict).getByText(/A check that fails costs nothing and can be run again free for 7 days/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Lead Verification" }).getAttribute("href")).toBe("/lead-verification");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nordkern Foods GmbH");
    for (const text of [
      "Germany",
      "+49 40 1234567",
      "1998",
      "HTTP 200, secure connection (TLS)",
      "9 years",
      "Am Sandtorkai 1, Hamburg",
      "OPERATIONAL",
      "Mon-Fri 08:00-17:00",
      "Feb 12, 2026 · Cashew kernels, shelled · $70,000",
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    const criteria = screen.getByRole("heading", { name: "Verification criteria" }).closest("section")!;
    expect(within(criteria).getByText("Checked, nothing found")).toBeTruthy();
    expect(within(criteria).getByText("The website is unreachable")).toBeTruthy();
    const recommendations = screen.getByRole("heading", { name: "Recommendations" }).closest("section")!;
    expect(within(recommendations).getByText("No sanctions match above the threshold.")).toBeTruthy();
    expect(within(recommendations).getByText("An active importer with 37 shipments.")).toBeTruthy();
    await screen.findByRole("table", { name: "Closest names on the sanctions lists" });
    expect(within(sanctionsPanel()).getByText("No sanctions match above the threshold.")).toBeTruthy();
    expect(screen.getByText("Match threshold: 75%")).toBeTruthy();
    const evidence = screen.getByRole("table", { name: "Closest names on the sanctions lists" });
    for (const text of ["Nordkern Trading LLC", "62%", "OFAC SDN", "IRAN", "Jan 15, 2026"]) expect(within(evidence).getByText(text)).toBeTruthy();
    expect(screen.getByText("OFAC SDN: Jan 15, 2026, 14,965 entries")).toBeTruthy();
    expect(screen.getByText("OFAC Consolidated: undated, 442 entries")).toBeTruthy();
    expect(await screen.findByRole("img", { name: "Shipments of Nordkern Foods GmbH over 2 months" })).toBeTruthy();
    expect(screen.getByText("Vietnam → Germany")).toBeTruthy();
  });

  it("reads a preloaded result, its criteria still JSON text, without asking the server", async () => {
    const fetchMock = stubApi(routes({ [`GET ${VERIFICATION_PATH}/42/results`]: failure(500, "Server error", "server_error") }));
    renderPage(detailPage, "en", { [`${VERIFICATION_PATH}/42/results`]: clientData(RESULT) });
    expect(screen.getByText("Imports HS 0801 from Viet Nam, last shipment 2 months ago.")).toBeTruthy();
    expect(screen.getByText("Checked, nothing found")).toBeTruthy();
    await screen.findByText("No sanctions match above the threshold.");
    expect(callsTo(fetchMock, `GET ${VERIFICATION_PATH}/42/results`)).toHaveLength(0);
  });

  it("names the company's industry in the reader's language", async () => {
    stubApi(routes());
    renderPage(detailPage, "vi", { [`${VERIFICATION_PATH}/42/results`]: clientData(RESULT) });
    expect(await screen.findByText("Thực phẩm & đồ uống")).toBeTruthy();
    expect(screen.queryByText("Food & Beverages")).toBeNull();
  });

  it("runs a check that failed again, free, and reads the result again", async () => {
    const fetchMock = stubApi(routes());
    renderPage(detailPage);
    const criteria = (await screen.findByRole("heading", { name: "Verification criteria" })).closest("section")!;
    expect(within(criteria).getByText(/can be run again free until/)).toBeTruthy();
    const retries = within(criteria).getAllByRole("button", { name: "Run again free" });
    expect(retries).toHaveLength(1); // only the website check failed
    fireEvent.click(retries[0]!);
    await waitFor(() => expect(callsTo(fetchMock, checkPath(42, "website"))).toEqual([{ domain: "", retry: true }]));
    await waitFor(() => expect(callsTo(fetchMock, `GET ${VERIFICATION_PATH}/42/results`).length).toBeGreaterThan(1));
  });

  it("shows the latest ten orders of a long history, and all of them on request", async () => {
    const history = Array.from({ length: 12 }, (_, index) => ({ ...SHIPMENT, date: `2025-${String(index + 1).padStart(2, "0")}-10` }));
    stubApi(routes({ [`GET ${VERIFICATION_PATH}/42/shipments/summary`]: ok({ ...TRADE, import_history: history }) }));
    renderPage(detailPage);
    const imports = (await screen.findByRole("heading", { name: "Import history" })).parentElement!;
    expect(within(imports).getAllByRole("row")).toHaveLength(11);
    fireEvent.click(within(imports).getByRole("button", { name: "Show all 12 orders" }));
    expect(within(imports).getAllByRole("row")).toHaveLength(13);
  });

  it("never calls an empty sanctions list store clear", async () => {
    stubApi(routes({ [`GET ${VERIFICATION_PATH}/42/sanctions/check`]: ok(SANCTIONS_FAILED) }));
    renderPage(detailPage);
    expect(await screen.findByText("No sanctions list is loaded, so this company could not be screened.")).toBeTruthy();
    expect(within(sanctionsPanel()).queryByText("No sanctions match above the threshold.")).toBeNull();
  });

  it("calls a possible match a possible match, never clear and never a listed party", async () => {
    const possible = { ...SANCTIONS.matches[0], score: 0.78, grade: "review" };
    stubApi(routes({ [`GET ${VERIFICATION_PATH}/42/sanctions/check`]: ok({ ...SANCTIONS, matches: [possible] }) }));
    renderPage(detailPage);
    expect(await screen.findByText("Possible match: a reviewer must compare the names below before trading.")).toBeTruthy();
    expect(screen.getByText("possible match, to review")).toBeTruthy();
    expect(within(sanctionsPanel()).queryByText("No sanctions match above the threshold.")).toBeNull();
  });

  it("shows the server's recommendation text in Chinese", async () => {
    stubApi(routes());
    renderPage(detailPage, "zh");
    expect(await screen.findByText("活跃的进口商。")).toBeTruthy();
    expect(screen.getByText("没有超过阈值的制裁名单匹配。")).toBeTruthy();
  });

  it("says when the company has not been verified yet, and shows it in Vietnamese", async () => {
    stubApi(routes({ [`GET ${VERIFICATION_PATH}/42/results`]: failure(404, "Not found", "not_found") }));
    renderPage(detailPage, "vi");
    expect(await screen.findByText("Công ty này chưa được xác minh.")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Nordkern Foods GmbH" })).toBeTruthy();
  });
});

describe("the report forms", () => {
  function fill(form: HTMLElement) {
    const values: [string, string][] = [
      ["First name", "An"],
      ["Last name", "Nguyen"],
      ["Email", "an@example.com"],
      ["Phone number", "+84 912 345 678"],
      ["Your company", "Saigon Cashew JSC"],
    ];
    for (const [label, value] of values) fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }

  it("asks a report form's local phone number for its country code before sending", async () => {
    const fetchMock = stubApi(routes());
    renderPage(detailPage);
    const form = (await screen.findByRole("heading", { name: "Advanced report" })).closest("section")!;
    fireEvent.change(within(form).getByLabelText("Phone number"), { target: { value: "0912 345 678" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    expect(within(form).getByText("Please add the country code, starting with + (e.g. +84 912 345 678)")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContainEqual(expect.stringContaining("request-report"));
  });

  it("checks the advanced report claim with the spec's texts, then sends the chosen types", async () => {
    const fetchMock = stubApi(routes());
    renderPage(detailPage);
    const form = (await screen.findByRole("heading", { name: "Advanced report" })).closest("section")!;
    // Prefilled with the signed-in user's name and email.
    expect(within(form).getByLabelText<HTMLInputElement>("First name").value).toBe("An");
    expect(within(form).getByLabelText<HTMLInputElement>("Last name").value).toBe("Nguyen");
    expect(within(form).getByLabelText<HTMLInputElement>("Email").value).toBe("an@example.com");
    fireEvent.change(within(form).getByLabelText("First name"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Last name"), { target: { value: " " } });
    fireEvent.change(within(form).getByLabelText("Email"), { target: { value: "an@" } });
    fireEvent.change(within(form).getByLabelText("Phone number"), { target: { value: "12" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    for (const text of [
      "First name is required",
      "Last name is required",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Company name is required",
      "Please select at least one report type",
    ]) {
      expect(within(form).getByText(text)).toBeTruthy();
    }
    // Announced, and the keyboard taken to the first field in error (the report types).
    expect(within(form).getByRole("alert").textContent).toBe("Fields to correct before the request can be sent: 6.");
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText("Credit Score and Limit")));
    expect(within(form).getAllByRole("checkbox")).toHaveLength(7);
    fill(form);
    fireEvent.click(within(form).getByLabelText("Credit Score and Limit"));
    fireEvent.click(within(form).getByLabelText("Key Risk Indicators"));
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    expect(await within(form).findByText("Request received. Our staff will contact you within 24 hours.")).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${VERIFICATION_PATH}/42/request-report`)).toEqual([
      {
        first_name: "An",
        last_name: "Nguyen",
        email: "an@example.com",
        phone: "+84 912 345 678",
        company_name: "Saigon Cashew JSC",
        job_title: "",
        message: "",
        report_types: ["Credit Score and Limit", "Key Risk Indicators"],
      },
    ]);
  });

  it("prefills the custom report request with the user's name and email, in any language", async () => {
    stubApi(routes());
    renderPage(detailPage, "zh");
    const form = (await screen.findByRole("heading", { name: "申请定制报告" })).closest("section")!;
    const inputs = [...form.querySelectorAll<HTMLInputElement>("input")].map((input) => input.value);
    expect(inputs.slice(0, 3)).toEqual(["An", "Nguyen", "an@example.com"]);
  });

  it("shows the server's field messages on a custom report request", async () => {
    stubApi(routes({ [`POST ${VERIFICATION_PATH}/request-contact`]: failure(422, "Invalid", "validation_failed", { phone: ["Please enter a valid phone number"] }, { phone: "phone_invalid" }) }));
    renderPage(detailPage);
    const form = (await screen.findByRole("heading", { name: "Request a custom report" })).closest("section")!;
    fill(form);
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(within(form).getByText("Please enter a valid phone number")).toBeTruthy());
  });

  it("shows a field message by its code, whatever the server's words", async () => {
    const refused = failure(422, "Invalid", "validation_failed", { last_name: ["Surname missing"] }, { last_name: "last_name_required" });
    stubApi(routes({ [`POST ${VERIFICATION_PATH}/request-contact`]: refused }));
    renderPage(detailPage);
    const form = (await screen.findByRole("heading", { name: "Request a custom report" })).closest("section")!;
    fill(form);
    fireEvent.click(within(form).getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(within(form).getByText("Last name is required")).toBeTruthy());
    expect(within(form).queryByText("Surname missing")).toBeNull();
  });
});
