import { describe, expect, it } from "vitest";
import { PreloadError, parsePreload, readPreload } from "./preload";

const site = {
  ga_measurement_id: "",
  google_sign_in: true,
  authenticate_url: "/oidc/authenticate/",
  logout_url: "/oidc/logout/",
};

function wire(overrides: Record<string, unknown> = {}) {
  return {
    page: "success",
    path: "/success",
    search: { redirect: "", product_name: "market-insights", pricing: "", "my-leads": "1", "my-verification": "" },
    user: { id: 4, email: "an@example.com", name: "An" },
    site,
    data: { product_name: "market-insights", target: "/market-insights" },
    ...overrides,
  };
}

describe("preload", () => {
  it("converts the wire shape to camelCase", () => {
    const preload = parsePreload(wire());
    expect(preload.search).toEqual({
      redirect: "",
      productName: "market-insights",
      pricing: "",
      myLeads: "1",
      myVerification: "",
    });
    expect(preload.site).toEqual({
      gaMeasurementId: "",
      googleSignIn: true,
      authenticateUrl: "/oidc/authenticate/",
      logoutUrl: "/oidc/logout/",
    });
    expect(preload.data).toEqual({ productName: "market-insights", target: "/market-insights" });
  });

  it("accepts an anonymous visitor and page data such as next and company_id", () => {
    expect(parsePreload(wire({ page: "signin", user: null, data: { next: "/market-insights", signin_failed: true } })).data).toEqual(
      { next: "/market-insights", signinFailed: true },
    );
    expect(parsePreload(wire({ page: "company-detail", data: { company_id: 12 } })).data.companyId).toBe("12");
  });

  it("keeps API paths as cache keys and converts their bodies", () => {
    const preload = parsePreload(wire({ data: { api: { "/fast-ai/v1/meta-data": { data: { hs_codes: [] } } } } }));
    expect(preload.api).toEqual({ "/fast-ai/v1/meta-data": { data: { hsCodes: [] } } });
  });

  it.each([
    ["an unknown page", { page: "admin" }],
    ["a missing path", { path: undefined }],
    ["a user without id", { user: { email: "x@y.zz" } }],
    ["missing site urls", { site: { ga_measurement_id: "" } }],
  ])("rejects %s", (_label, overrides) => {
    expect(() => parsePreload(wire(overrides))).toThrow(PreloadError);
  });

  it("reads the json_script element", () => {
    document.body.innerHTML = `<script id="preload" type="application/json">${JSON.stringify(wire())}</script>`;
    expect(readPreload().page).toBe("success");
    document.body.innerHTML = "";
    expect(() => readPreload()).toThrow(PreloadError);
  });
});
