import { describe, expect, it } from "vitest";
import { hasRole, landingPathFor, menuFor, roleLabel } from "@/lib/access/roles";

describe("role landing (PRODUCT §2)", () => {
  it.each([
    ["staff", "/chats"],
    ["super_admin", "/users"],
    ["company_admin", "/company/dashboard"],
    ["admin", "/company/dashboard"],
    ["owner", "/"],
    [undefined, "/"],
    [null, "/"],
  ])("%s → %s", (role, path) => {
    expect(landingPathFor(role)).toBe(path);
  });
});

describe("role checks (PRODUCT §6)", () => {
  it("accept one role or a list", () => {
    expect(hasRole("admin", "admin")).toBe(true);
    expect(hasRole("admin", ["company_admin", "admin"])).toBe(true);
    expect(hasRole("staff", ["company_admin", "admin"])).toBe(false);
    expect(hasRole("super_admin", "admin")).toBe(false);
    expect(hasRole("root", ["admin"])).toBe(false);
    expect(hasRole(undefined, ["admin"])).toBe(false);
  });

  it("show roles with underscores as spaces", () => {
    expect(roleLabel("company_admin")).toBe("company admin");
    expect(roleLabel("super_admin")).toBe("super admin");
  });
});

describe("sidebar keyed by role (PRODUCT §2)", () => {
  it("super_admin sees only Users", () => {
    expect(menuFor("super_admin")).toEqual([{ label: "Users", href: "/users" }]);
  });

  it.each(["company_admin", "admin"])("%s sees exactly the company items (the spec's seven, Reports, and the Audit Log for company admins)", (role) => {
    const audit = role === "company_admin" ? ["Audit Log /company/audit-log"] : [];
    expect(menuFor(role).map((item) => `${item.label} ${item.href}`)).toEqual([
      "Dashboard /company/dashboard",
      "Reports /company/reports",
      "Users /company/users",
      "FB Pages /company/fb-pages",
      "Whitelist URLs /company/whitelist-urls",
      "URL Violations /company/url-violations",
      "Send Offer /company/send-offer",
      "Scheduled Offers /company/scheduled-offers",
      ...audit,
    ]);
  });
});
