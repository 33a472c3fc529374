import { describe, expect, it } from "vitest";
import { camelizeDeep, snakifyDeep, toCamel, toSnake } from "./camelCase";

describe("camelCase conversion", () => {
  it("renames snake_case and kebab-case keys", () => {
    expect(toCamel("total_user_query_logs_in_day")).toBe("totalUserQueryLogsInDay");
    expect(toCamel("my-leads")).toBe("myLeads");
    expect(toCamel("id")).toBe("id");
    expect(toCamel("hs_code_6")).toBe("hsCode6");
  });

  it("converts nested objects and arrays of objects", () => {
    const wire = {
      user_subscription: { plan_id: 2, plan: { plan_usage: [{ limit_value: 2, plan_limit: { limit_type: "query_per_day" } }] } },
      lead_verification_criteria: [{ criteria_name: "a" }, [{ inner_key: 1 }]],
      tags: ["keep_this_value"],
    };
    expect(camelizeDeep(wire)).toEqual({
      userSubscription: { planId: 2, plan: { planUsage: [{ limitValue: 2, planLimit: { limitType: "query_per_day" } }] } },
      leadVerificationCriteria: [{ criteriaName: "a" }, [{ innerKey: 1 }]],
      tags: ["keep_this_value"],
    });
  });

  it("leaves primitives, null and non-plain objects alone", () => {
    const when = new Date(0);
    expect(camelizeDeep(null)).toBeNull();
    expect(camelizeDeep("a_b")).toBe("a_b");
    expect(camelizeDeep({ created_at: when })).toEqual({ createdAt: when });
  });

  it("converts request bodies back to snake_case deeply", () => {
    expect(toSnake("companyIds")).toBe("company_ids");
    expect(snakifyDeep({ companyIds: [1], filters: { revenueMin: 3, items: [{ jobTitle: "x" }] } })).toEqual({
      company_ids: [1],
      filters: { revenue_min: 3, items: [{ job_title: "x" }] },
    });
  });
});
