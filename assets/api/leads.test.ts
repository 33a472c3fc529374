import { describe, expect, it } from "vitest";
import {
  companyErrorsOf,
  companyFiltersFromQuery,
  companyQuery,
  emptyCompanyFilters,
  isInsufficientCredit,
  leadFiltersFromQuery,
  leadQuery,
  revealedLeadsCsv,
  validateCompanyFilters,
  type Lead,
} from "./leads";
import { ApiError } from "./client";

describe("company filters", () => {
  it("travel through the address and back", () => {
    const filters = {
      ...emptyCompanyFilters(),
      importsProduct: "cashew",
      importedSince: "1/3/2025",
      countries: ["DE", "NL"],
      jobPosting: "true" as const,
      revenueMin: "1000",
    };
    const query = companyQuery(filters);
    expect(query).toBe("countries=DE&countries=NL&job_posting=true&revenue_min=1000&imports_product=cashew&imported_since=01-03-2025");
    expect(companyFiltersFromQuery(query)).toEqual({ ...filters, importedSince: "01-03-2025" });
    expect(companyFiltersFromQuery("page=2&my-leads=1")).toBeNull();
  });

  it("need one filter and ordered min and max pairs", () => {
    expect(validateCompanyFilters(emptyCompanyFilters())).toEqual({ filters: { id: "leads.validation.required" } });
    const errors = validateCompanyFilters({
      ...emptyCompanyFilters(),
      foundedYearMin: "2020",
      foundedYearMax: "1990",
      retailLocationMin: "-1",
      fundingDate: "2025-01-01",
    });
    expect(errors).toEqual({
      foundedYearMin: { id: "leads.validation.foundedYear" },
      retailLocationMin: { id: "leads.validation.notNegative" },
      fundingDate: { id: "market.validation.dateFormat" },
    });
  });

  it("take the server's field messages in the interface language", () => {
    const error = new ApiError(
      422,
      "Unprocessable",
      {
        data: {
          error: "x",
          fields: {
            companySizeMin: ["Company size min must be smaller than or equal to company size max"],
            importsProduct: ["Something new"],
          },
        },
        meta: { fieldCodes: { companySizeMin: "company_size_range", importsProduct: "invalid" } },
      },
      "/x",
    );
    expect(companyErrorsOf(error)).toEqual({
      companySizeMin: { id: "leads.validation.companySize" },
      importsProduct: { text: "Something new" },
    });
  });
});

describe("lead filters", () => {
  it("carry the chosen companies", () => {
    const filters = leadFiltersFromQuery("company_ids=4&company_ids=x&company_ids=4&seniority=head&name=Anna");
    expect(filters.companyIds).toEqual([4]);
    expect(leadQuery(filters)).toBe("company_ids=4&name=Anna&seniority=head");
  });
});

it("recognises a short credit balance", () => {
  const body = { data: { error: "insufficient credit" }, meta: { message: "Insufficient credit" } };
  expect(isInsufficientCredit(new ApiError(403, "Forbidden", body, "/x"))).toBe(true);
  expect(isInsufficientCredit(new ApiError(403, "Forbidden", {}, "/x"))).toBe(false);
});

it("exports the revealed contacts as CSV, safe for spreadsheets", () => {
  const lead = (fields: Partial<Lead>): Lead => ({
    id: 1,
    name: "Anna Becker",
    firstName: "Anna",
    lastName: "Becker",
    socialUrl: "",
    country: "DE",
    location: "Hamburg",
    jobTitle: "Buyer, nuts",
    seniority: "",
    department: "",
    company: { id: 2, name: "=Nordkern", domain: "", country: "DE", revenueUsd: null, revenueRange: "", employees: null, isDemo: false },
    email: null,
    emailStatus: null,
    emailState: null,
    phone: null,
    phoneState: "processing",
    requestedAt: null,
    ...fields,
  });
  const csv = revealedLeadsCsv([lead({ email: "anna@example.com", emailStatus: "valid", emailState: "found" }), lead({ id: 3 })]);
  expect(csv.split("\r\n")).toEqual([
    "name,job_title,company,country,location,email,email_status,phone,social_url",
    `Anna Becker,"Buyer, nuts",'=Nordkern,DE,Hamburg,anna@example.com,valid,,`,
    "",
  ]);
  const formulas = revealedLeadsCsv([
    lead({ jobTitle: '=HYPERLINK("http://x","y")', location: "\tcmd", phone: "+49 40 1234567", phoneState: "found" }),
  ]);
  expect(formulas.split("\r\n")[1]).toBe(
    `Anna Becker,"'=HYPERLINK(""http://x"",""y"")",'=Nordkern,DE,'\tcmd,,,'+49 40 1234567,`,
  );
});
