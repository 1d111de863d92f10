import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/server/security/secret-box";
import { codeMatches, generateCode, hashCode } from "@/server/services/auth/otp-code";

describe("page token encryption", () => {
  it("round-trips and never stores the plain text", () => {
    const sealed = encryptSecret("EAAB-page-token-123456789");
    expect(sealed).not.toContain("EAAB");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(decryptSecret(sealed)).toBe("EAAB-page-token-123456789");
    expect(encryptSecret("same")).not.toBe(encryptSecret("same"));
  });

  it("refuses tampered ciphertext", () => {
    const parts = encryptSecret("secret-token").split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });
});

describe("sign-in codes", () => {
  it("are 6 digits, zero-padded, and spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it("match only the same e-mail and code", () => {
    const hash = hashCode("a@example.com", "123456");
    expect(codeMatches("a@example.com", "123456", hash)).toBe(true);
    expect(codeMatches("a@example.com", "123457", hash)).toBe(false);
    expect(codeMatches("b@example.com", "123456", hash)).toBe(false);
  });
});
