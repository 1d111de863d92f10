import { describe, expect, it } from "vitest";
import { sanitizeOtpInput, ZEmail, ZOtpCode, ZVerifyOtp } from "@/lib/schemas/auth";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("sign-in e-mail (PRODUCT §5)", () => {
  it.each([
    [undefined, "Email is required"],
    ["", "Email is required"],
    ["   ", "Email is required"],
    ["plainaddress", "Please enter a valid email address"],
    ["a@b", "Please enter a valid email address"],
    ["two@@example.com", "Please enter a valid email address"],
  ])("%j → %s", (input, message) => {
    expect(firstError(ZEmail.safeParse(input))).toBe(message);
  });

  it("trims and lowercases a valid address", () => {
    expect(ZEmail.parse("  Sara.Staff@Acme.LOCAL ")).toBe("sara.staff@acme.local");
  });
});

describe("sign-in code (PRODUCT §5)", () => {
  it.each([
    [undefined, "OTP is required"],
    ["", "OTP is required"],
    ["12345", "OTP must be 6 digits"],
    ["1234567", "OTP must be 6 digits"],
    ["12a456", "OTP must contain only numbers"],
    ["12 456", "OTP must contain only numbers"],
  ])("%j → %s", (input, message) => {
    expect(firstError(ZOtpCode.safeParse(input))).toBe(message);
  });

  it("accepts exactly six digits", () => {
    expect(ZVerifyOtp.parse({ email: "a@example.com", otp: "012345" })).toEqual({ email: "a@example.com", otp: "012345" });
  });

  it("the input strips non-digits and caps at 6", () => {
    expect(sanitizeOtpInput("12-34 a5678")).toBe("123456");
    expect(sanitizeOtpInput("abc")).toBe("");
    expect(sanitizeOtpInput("987")).toBe("987");
  });
});
