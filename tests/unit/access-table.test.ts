import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import { hasTrait, ROLES, rolesWith } from "@/lib/access/roles";
import { rolesFor } from "@/lib/access/permissions";

// The one access table (issue 44): what a role is (traits) beside what it may do (actions), and the lint
// rule that keeps every role's name inside lib/access/.

describe("the roles' traits", () => {
  it("give every role exactly one page scope: all companies, its company's pages, or its assigned pages", () => {
    for (const role of ROLES) {
      const scopes = (["allCompanies", "allCompanyPages", "assignedPages"] as const).filter((t) => hasTrait(role, t));
      expect(scopes, role).toHaveLength(1);
    }
  });

  it("make the agents exactly the roles that read the inbox", () => {
    expect([...rolesWith("agent")].sort()).toEqual([...rolesFor("conversations.read")].sort());
  });

  it("grant nothing to an unknown or missing role", () => {
    for (const role of ["owner", "", null, undefined, "SUPER_ADMIN"]) expect(hasTrait(role, "allCompanies")).toBe(false);
  });

  it("hand out copies, so a caller cannot change the table", () => {
    rolesWith("agent").push("super_admin");
    expect(rolesWith("agent")).not.toContain("super_admin");
  });
});

const eslint = new ESLint({ cwd: process.cwd() });
const problems = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe("the role-name rule", () => {
  // Linting is slow on a busy machine (the first call loads the config), never a timed assertion.
  it("refuses a role's name outside lib/access/, in TS and in SQL text", { timeout: 60_000 }, async () => {
    const offending = [
      'export const a = (role: string) => role === "super_admin";',
      'export const a = { role: { in: ["admin", "staff"] } };',
      "export const a = (r: string) => { switch (r) { case \"company_admin\": return 1; default: return 0; } };",
      "import { sql } from \"kysely\";\nexport const a = sql`SELECT 1 FROM users u WHERE u.role IN ('company_admin', 'admin')`;",
    ];
    for (const code of offending) expect(await problems("server/services/x/y.ts", code), code).toContain("no-restricted-syntax");
    expect(await problems("components/x.tsx", offending[0]!)).toContain("no-restricted-syntax");
  });

  it("lets lib/access/ name them, and everyone else derive from it", { timeout: 60_000 }, async () => {
    expect(await problems("lib/access/x.ts", 'export const a = (role: string) => role === "super_admin";')).toEqual([]);
    const derived = 'import { hasTrait, rolesWith } from "@/lib/access/roles";\nexport const a = (role: string) => hasTrait(role, "allCompanies") || rolesWith("agent").length > 0;';
    expect(await problems("server/services/x/y.ts", derived)).toEqual([]);
  });
});
