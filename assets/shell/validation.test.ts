import { describe, expect, it } from "vitest";
import { PHONE_EXAMPLE, phoneProblem, validateEmail, validateServiceDemand } from "./validation";

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

  it("accepts a filled form", () => {
    expect(validateServiceDemand(filled)).toEqual({});
    expect(validateServiceDemand({ ...filled, phoneNumber: "0049 40 1234567" })).toEqual({});
  });

  it("asks a local phone number for its country code, as the server does", () => {
    expect(validateServiceDemand({ ...filled, phoneNumber: "0912 345 678" })).toEqual({
      phoneNumber: { id: "validation.phoneCountryCode", values: { example: PHONE_EXAMPLE } },
    });
    expect(validateServiceDemand({ ...filled, phoneNumber: " " })).toEqual({ phoneNumber: { id: "demand.validation.phoneRequired" } });
  });

  it("names each missing or wrong field", () => {
    expect(validateServiceDemand({ ...filled, email: "an@farm", firstName: " ", selectedFeatures: [] })).toEqual({
      firstName: { id: "demand.validation.firstName" },
      email: { id: "demand.validation.email" },
      selectedFeatures: { id: "demand.validation.features" },
    });
  });
});

describe("phoneProblem", () => {
  const REQUIRED = "demand.validation.phoneRequired";

  it("gives the form's own text for an empty field", () => {
    expect(phoneProblem("  ", REQUIRED)).toEqual({ id: REQUIRED });
  });

  it("accepts an international number however it is spaced, with + or 00", () => {
    for (const phone of ["+84 912 345 678", "+1 (415) 555-0100", "＋86 138 0013 8000", "0084912345678", "+44.20.7946.0958"]) {
      expect(phoneProblem(phone, REQUIRED)).toBeNull();
    }
  });

  it("asks a number without a country code for one", () => {
    expect(phoneProblem("0912 345 678", REQUIRED)).toEqual({ id: "validation.phoneCountryCode", values: { example: PHONE_EXAMPLE } });
    expect(phoneProblem("912345678", REQUIRED)).toEqual({ id: "validation.phoneCountryCode", values: { example: PHONE_EXAMPLE } });
  });

  it("refuses what cannot be a phone number", () => {
    for (const phone of ["+84 912", "call me", "+84 912 345 678 ext 9", "+1234567890123456", "++84 912 345 678"]) {
      expect(phoneProblem(phone, REQUIRED)).toEqual({ id: "validation.phoneInvalid" });
    }
  });
});
