import { describe, expect, it } from "vitest";
import { canManageRole, CREATABLE_ROLES, defaultNewUserRole } from "@/lib/access/roles";
import {
  ZBanUser,
  ZChangePassword,
  ZCreateUser,
  ZCreateUserForm,
  ZUpdateEmail,
  ZUsersQuery,
} from "@/lib/schemas/users";
import { ZAddPage, ZAssignPages, ZUnassignPage, ZUpdatePage } from "@/lib/schemas/pages";
import { ZDashboardStatsQuery } from "@/lib/schemas/dashboard";

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
/** The first message per field, as the API's `fields` reports them. */
const fields = (result: Parsed) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".") || "_"] ??= issue.message;
  return out;
};

const companyAdmin = { name: "Carla Owner", email: "carla@acme.test", role: "company_admin", password: "secret1", confirmPassword: "secret1", companyName: "Acme" };
const page = { name: "Shoes", page_id: "1234567890", user_id: "0198a1b2-0000-7000-8000-000000000001", page_access_token: "EAAB".padEnd(40, "x") };

describe("create user (PRODUCT §5 Create company admin / Create user by company)", () => {
  it("accepts a company admin and trims the name, lowercases and trims the e-mail", () => {
    const parsed = ZCreateUser.parse({ ...companyAdmin, name: "  Carla Owner ", email: "  Carla@ACME.test " });
    expect(parsed).toMatchObject({ name: "Carla Owner", email: "carla@acme.test", role: "company_admin", companyName: "Acme", password: "secret1" });
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ name: undefined }, "name", "Name is required"],
    [{ name: " J " }, "name", "Name must be at least 2 characters"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-address" }, "email", "Please enter a valid email address"],
    [{ role: undefined }, "role", "Please select a role"],
    [{ role: "owner" }, "role", "Please select a role"],
    [{ password: "" }, "password", "Password is required"],
    [{ password: "12345", confirmPassword: "12345" }, "password", "Password must be at least 6 characters"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm the password"],
    [{ confirmPassword: "secret2" }, "confirmPassword", "Passwords do not match"],
    [{ companyName: "" }, "companyName", "Company name is required"],
    [{ companyName: "   " }, "companyName", "Company name is required"],
  ])("company admin %j → %s: %s", (change, field, message) => {
    expect(fields(ZCreateUserForm.safeParse({ ...companyAdmin, ...change }))[field]).toBe(message);
  });

  it("reports every broken field at once", () => {
    expect(fields(ZCreateUserForm.safeParse({ name: "J", email: "x", role: "company_admin", password: "1", confirmPassword: "2" }))).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
      companyName: "Company name is required",
    });
  });

  it("admins and staff need no password or company, but a given password is checked", () => {
    expect(ZCreateUser.safeParse({ name: "Sam", email: "sam@acme.test", role: "staff" }).success).toBe(true);
    expect(ZCreateUser.parse({ name: "Sam", email: "sam@acme.test", role: "admin", password: "", confirmPassword: "" }).password).toBeUndefined();
    expect(fields(ZCreateUserForm.safeParse({ name: "Sam", email: "sam@acme.test", role: "staff", password: "abc" }))).toEqual({
      password: "Password must be at least 6 characters",
      confirmPassword: "Please confirm the password",
    });
  });

  it("the API takes PRODUCT §7's body (no confirmPassword); a confirmation that is sent must match", () => {
    const { confirmPassword: _omitted, ...spec } = companyAdmin;
    expect(ZCreateUser.safeParse(spec).success).toBe(true);
    expect(fields(ZCreateUser.safeParse({ ...spec, confirmPassword: "other1" }))).toEqual({ confirmPassword: "Passwords do not match" });
    expect(fields(ZCreateUserForm.safeParse(spec))).toEqual({ confirmPassword: "Please confirm the password" });
  });

  it("the role table of PRODUCT §6", () => {
    expect(CREATABLE_ROLES).toEqual({ super_admin: ["company_admin"], company_admin: ["admin", "staff"], admin: ["staff"], staff: [] });
    expect(defaultNewUserRole("super_admin")).toBe("company_admin");
    expect(defaultNewUserRole("admin")).toBe("staff");
    expect(defaultNewUserRole("company_admin")).toBe("staff");
    expect(defaultNewUserRole("staff")).toBeUndefined();
    expect(canManageRole("super_admin", "super_admin")).toBe(true);
    expect(canManageRole("company_admin", "admin")).toBe(true);
    expect(canManageRole("company_admin", "company_admin")).toBe(false);
    expect(canManageRole("admin", "staff")).toBe(true);
    expect(canManageRole("admin", "admin")).toBe(false);
    expect(canManageRole("staff", "staff")).toBe(false);
  });
});

describe("update e-mail, ban, change password, list query", () => {
  it("the new e-mail must be non-blank and valid; both are trimmed and lowercased", () => {
    expect(fields(ZUpdateEmail.safeParse({ email: "a@acme.test", newEmail: "  " })).newEmail).toBe("Please enter a new email address");
    expect(fields(ZUpdateEmail.safeParse({ email: "a@acme.test" })).newEmail).toBe("Please enter a new email address");
    expect(fields(ZUpdateEmail.safeParse({ email: "a@acme.test", newEmail: "nope" })).newEmail).toBe("Please enter a valid email address");
    expect(ZUpdateEmail.parse({ email: " A@Acme.test", newEmail: " B@ACME.test " })).toEqual({ email: "a@acme.test", newEmail: "b@acme.test" });
  });

  it("ban needs an id and a boolean isActive", () => {
    expect(fields(ZBanUser.safeParse({ isActive: false }))).toEqual({ id: "User id is required" });
    expect(fields(ZBanUser.safeParse({ id: "x", isActive: "no" }))).toEqual({ isActive: "isActive must be true or false" });
    expect(ZBanUser.parse({ id: " x ", isActive: true })).toEqual({ id: "x", isActive: true });
  });

  it("change password: min 6 and matching", () => {
    expect(fields(ZChangePassword.safeParse({ newPassword: "12345", confirmPassword: "12345" }))).toEqual({ newPassword: "Password must be at least 6 characters" });
    expect(fields(ZChangePassword.safeParse({ newPassword: "123456", confirmPassword: "1234567" }))).toEqual({ confirmPassword: "Passwords do not match" });
    expect(fields(ZChangePassword.safeParse({ newPassword: "123456" }))).toEqual({ confirmPassword: "Please confirm the password" });
    expect(ZChangePassword.parse({ currentPassword: "", newPassword: "123456", confirmPassword: "123456" })).toEqual({ currentPassword: undefined, newPassword: "123456", confirmPassword: "123456" });
  });

  it("page defaults to 1 and must be a positive whole number", () => {
    expect(ZUsersQuery.parse({})).toEqual({ page: 1 });
    expect(ZUsersQuery.parse({ page: "3" })).toEqual({ page: 3 });
    expect(fields(ZUsersQuery.safeParse({ page: "x" })).page).toBe("page must be a number");
    expect(fields(ZUsersQuery.safeParse({ page: "0" })).page).toBe("page must be at least 1");
    expect(fields(ZUsersQuery.safeParse({ page: "1.5" })).page).toBe("page must be a whole number");
  });
});

describe("add and edit page (PRODUCT §5)", () => {
  it("trims every value", () => {
    expect(ZAddPage.parse({ name: "  Shoes ", page_id: " 123 ", user_id: ` ${page.user_id} `, page_access_token: `  ${page.page_access_token}  ` })).toEqual({ ...page, page_id: "123" });
  });

  it.each([
    [{ name: "" }, "name", "Page name is required"],
    [{ name: "  " }, "name", "Page name is required"],
    [{ name: undefined }, "name", "Page name is required"],
    [{ name: " S " }, "name", "Page name must be at least 2 characters"],
    [{ page_id: "" }, "page_id", "Page ID is required"],
    [{ page_id: undefined }, "page_id", "Page ID is required"],
    [{ page_id: "12ab" }, "page_id", "Page ID must contain only numbers"],
    [{ page_id: "-12" }, "page_id", "Page ID must contain only numbers"],
    [{ page_access_token: "" }, "page_access_token", "Page access token is required"],
    [{ page_access_token: undefined }, "page_access_token", "Page access token is required"],
    [{ page_access_token: "x".repeat(19) }, "page_access_token", "Access token appears to be too short"],
    [{ page_access_token: ` ${"x".repeat(19)}  ` }, "page_access_token", "Access token appears to be too short"],
  ])("add %j → %s: %s", (change, field, message) => {
    expect(fields(ZAddPage.safeParse({ ...page, ...change }))[field]).toBe(message);
  });

  it("a page id sent as a JSON number is read as its digits", () => {
    expect(ZAddPage.parse({ ...page, page_id: 102030405060708 }).page_id).toBe("102030405060708");
  });

  it("edit: same name and page_id rules; the token is optional and only kept when filled", () => {
    const edit = { name: "Shoes", page_id: "123" };
    expect(ZUpdatePage.parse(edit).page_access_token).toBeUndefined();
    expect(ZUpdatePage.parse({ ...edit, page_access_token: "   " }).page_access_token).toBeUndefined();
    expect(ZUpdatePage.parse({ ...edit, page_access_token: null }).page_access_token).toBeUndefined();
    expect(fields(ZUpdatePage.safeParse({ ...edit, page_access_token: "short" })).page_access_token).toBe("Access token appears to be too short");
    expect(fields(ZUpdatePage.safeParse({ name: "S", page_id: "x" }))).toEqual({ name: "Page name must be at least 2 characters", page_id: "Page ID must contain only numbers" });
  });
});

describe("assign pages (PRODUCT §5, §3 payloads)", () => {
  it("at least one page", () => {
    expect(fields(ZAssignPages.safeParse({ userId: "u", pageIds: [] })).pageIds).toBe("Please select at least one page to assign");
    expect(fields(ZAssignPages.safeParse({ userId: "u" })).pageIds).toBe("Please select at least one page to assign");
    expect(fields(ZAssignPages.safeParse({ pageIds: ["p"] })).userId).toBe("Please select a user");
  });

  it("drops repeated ids", () => {
    expect(ZAssignPages.parse({ userId: "u", pageIds: ["p1", "p2", "p1"] }).pageIds).toEqual(["p1", "p2"]);
  });

  it("remove page access needs both ids", () => {
    expect(fields(ZUnassignPage.safeParse({ userId: "u" }))).toEqual({ pageId: "Please select a page" });
  });
});

describe("dashboard query", () => {
  it("no pageId or 'all' means every page", () => {
    expect(ZDashboardStatsQuery.parse({})).toEqual({ pageId: undefined });
    expect(ZDashboardStatsQuery.parse({ pageId: "all" })).toEqual({ pageId: undefined });
    expect(ZDashboardStatsQuery.parse({ pageId: " abc " })).toEqual({ pageId: "abc" });
  });
});
