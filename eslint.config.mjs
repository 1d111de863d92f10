import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// Sonner stays out of the first loads (docs/PERFORMANCE.md): toasts go through lib/toast.ts, which loads it on first use.
const sonner = { name: "sonner", message: "Import toast from @/lib/toast: it loads sonner on the first toast.", allowTypeImports: true };

// One typed way to write SQL beside Prisma (docs/ARCHITECTURE.md, "SQL beside Prisma"): Kysely through
// server/db/sql/run.ts. The pools and pg stay inside server/db/; SQL text (Kysely's `sql` template) only in
// the table families' modules under server/db/sql/ and the scope modules of server/access/.
const SQL_CODE = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "server/**/*.{ts,tsx}", "workers/**/*.{ts,tsx}", "tools/**/*.{ts,tsx}"];
const SQL_HOW = "Write it with Kysely: sqlDb() and rows/firstRow/affected from @/server/db/sql/run (docs/ARCHITECTURE.md, \"SQL beside Prisma\").";
const pools = [
  { name: "pg", message: `Plain pg lives in server/db/ only. ${SQL_HOW}` },
  { name: "@/server/db/direct", message: `The pools are the SQL layer's. ${SQL_HOW}` },
];
const sqlText = { name: "kysely", importNames: ["sql"], message: "SQL text belongs in its table family's module under server/db/sql/ (or a scope module in server/access/); elsewhere use the query builder." };
const rawSql = [
  { selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]", message: `No $queryRaw/$executeRaw. ${SQL_HOW}` },
  { selector: "MemberExpression[object.name='Prisma'][property.name=/^(sql|raw|join|empty)$/]", message: `No Prisma.sql fragments. ${SQL_HOW}` },
  { selector: "TemplateElement[value.raw=/\\$\\d/]", message: `No hand-numbered $1 parameters: Kysely numbers the values. ${SQL_HOW}` },
  { selector: "TemplateElement[tail=false][value.raw=/\\$$/]", message: `No hand-numbered $1 parameters: Kysely numbers the values. ${SQL_HOW}` },
  { selector: "Literal[value=/\\b(SELECT|INSERT|UPDATE|DELETE)\\b[\\s\\S]*\\$\\d/]", message: `No hand-numbered $1 parameters: Kysely numbers the values. ${SQL_HOW}` },
];

// One access table (issue 44): a role's name is written only in lib/access/ (roles.ts, permissions.ts);
// everything else derives its checks from it (hasTrait, rolesWith, can, rolesFor), in TS and in SQL.
const ROLE_NAME = "^(staff|admin|company_admin|super_admin)$";
const ROLE_HOW = "Roles are named only in lib/access/: use can()/rolesFor() for actions, hasTrait()/rolesWith() for what a role is.";
const roleLiterals = [
  { selector: `Literal[value=/${ROLE_NAME}/]`, message: ROLE_HOW },
  { selector: `TemplateElement[value.raw=/'(staff|admin|company_admin|super_admin)'/]`, message: ROLE_HOW },
];

// A typed HTTP contract (issue 44): the browser types an answer by the route that gives it
// (`api<Answer<typeof POST>>`, lib/contract/http.ts), never by restating its shape at the call.
const inlineAnswer = {
  selector: "CallExpression[callee.name='api'] > TSTypeParameterInstantiation > TSTypeLiteral",
  message: "Type the answer by its route: api<Answer<typeof POST>>(…) with `import type { POST } from \"@/app/api/…/route\"` (lib/contract/http.ts).",
};

export default tseslint.config(
  { ignores: ["node_modules", ".next", ".next-*", "server/generated", ".data", "test-results", "playwright-report", "next-env.d.ts"] },
  js.configs.recommended,
  // Plain Node scripts (config files, postinstall) run in Node with its globals.
  { files: ["**/*.mjs"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Sonner stays out of the first loads (docs/PERFORMANCE.md): toasts go through lib/toast.ts, which loads it on first use.
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [sonner] }],
    },
  },
  // One logger (server/observability/log.ts): structured, redacted, with the request id. console.* would
  // bypass all three; log.ts itself routes third-party console output into the logger.
  { files: ["server/**/*.ts", "workers/**/*.ts"], ignores: ["server/observability/log.ts"], rules: { "no-console": "error" } },
  // A later block's options replace an earlier one's for the same rule: each lists every path it keeps.
  { files: SQL_CODE, rules: { "no-restricted-syntax": ["error", ...rawSql, ...roleLiterals, inlineAnswer], "@typescript-eslint/no-restricted-imports": ["error", { paths: [sonner, ...pools, sqlText] }] } },
  { files: ["lib/access/**/*.ts"], rules: { "no-restricted-syntax": ["error", ...rawSql] } },
  { files: ["server/access/**/*.ts"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [sonner, ...pools] }] } },
  { files: ["server/db/**/*.ts"], rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [sonner] }] } },
);
