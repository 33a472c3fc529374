import { describe, expect, it } from "vitest";
import { validateEmail } from "./validation";

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
});
