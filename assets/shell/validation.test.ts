import { describe, expect, it } from "vitest";
import { validateEmail, validateServiceDemand } from "./validation";

describe("validateEmail", () => {
  it("asks for an email when empty", () => {
    expect(validateEmail("  ")).toEqual({ id: "validation.emailRequired" });
  });

  it.each(["an@example", "an example@x.com", "an@x.c", "@x.com", "an@x.c0m", "an#x@y.com"])("rejects %s", (value) => {
    expect(validateEmail(value)).toEqual({ id: "validation.emailInvalid", values: { email: "name@example.com" } });
  });

  it.each(["an@example.com", "first.last+tag@farm.co.vn", "a_b%c-d@x-y.org", " an@example.com "])("accepts %s", (value) => {
    expect(validateEmail(value)).toBeNull();
  });

  it("keeps to RFC 5321's lengths: 64 before the at-sign, 254 in all", () => {
    const invalid = { id: "validation.emailInvalid", values: { email: "name@example.com" } };
    expect(validateEmail(`${"a".repeat(64)}@farm.vn`)).toBeNull();
    expect(validateEmail(`${"a".repeat(65)}@farm.vn`)).toEqual(invalid);
    expect(validateEmail(`a@${"b".repeat(249)}.vn`)).toBeNull();
    expect(validateEmail(`a@${"b".repeat(250)}.vn`)).toEqual(invalid);
  });
});

describe("validateServiceDemand", () => {
  const filled = {
    firstName: "An",
    lastName: "Nguyen",
    email: "an@farm.vn",
    phoneNumber: "+84 912 345 678",
    companyName: "Saigon Coffee",
    selectedFeatures: ["farm-management"],
  };

  it("accepts a filled form and leaves the phone number's format to the server", () => {
    expect(validateServiceDemand(filled)).toEqual({});
    expect(validateServiceDemand({ ...filled, phoneNumber: "0912" })).toEqual({});
  });

  it("names each missing or wrong field", () => {
    expect(validateServiceDemand({ ...filled, email: "an@farm", firstName: " ", selectedFeatures: [] })).toEqual({
      firstName: { id: "demand.validation.firstName" },
      email: { id: "demand.validation.email" },
      selectedFeatures: { id: "demand.validation.features" },
    });
  });
});
