import { describe, expect, expectTypeOf, it } from "vitest";
import { ESLint } from "eslint";
import type { Answer, Json, JsonResponse } from "@/lib/contract/http";
import type { POST as RequestOtp } from "@/app/api/auth/otp/route";
import type { POST as Upload } from "@/app/api/uploads/route";

// The typed HTTP contract (issue 44 point 2): the browser types an answer by its route. These checks are
// types, held by `tsc` (npm test's typecheck), and the lint rule that refuses a restated answer.

type Route<R> = { readonly answer?: R };

describe("an answer's type comes from its route", () => {
  it("is what the handler returns, as JSON carries it", () => {
    expectTypeOf<Json<{ at: Date; n: number; f: () => void; list: { at: Date }[] }>>().toEqualTypeOf<{ at: string; n: number; list: { at: string }[] }>();
    expectTypeOf<Answer<Route<{ ok: boolean; at: Date }>>>().toEqualTypeOf<{ ok: boolean; at: string }>();
    expectTypeOf<Answer<Route<{ n: number } | null>>>().toEqualTypeOf<{ n: number } | { ok: true }>();
    expectTypeOf<Answer<Route<JsonResponse<{ id: string }>>>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<Answer<Route<void>>>().toEqualTypeOf<{ ok: true }>();
  });

  it("for real routes: a sign-in code's message, an upload's images or files", () => {
    expectTypeOf<Answer<typeof RequestOtp>>().toHaveProperty("message");
    expectTypeOf<Extract<Answer<typeof Upload>, { images: unknown }>["images"][number]>().toEqualTypeOf<{ imageUrl: string }>();
  });
});

const eslint = new ESLint({ cwd: process.cwd() });
const problems = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe("the restated-answer rule", () => {
  // Linting is slow on a busy machine (the first call loads the config), never a timed assertion.
  it("refuses an answer's shape written at the call, and takes one named by its route", { timeout: 60_000 }, async () => {
    const head = 'import { api } from "@/lib/api/client";\n';
    expect(await problems("components/x.ts", `${head}export const a = () => api<{ message: string }>("/api/x");`)).toContain("no-restricted-syntax");
    expect(await problems("lib/hooks/x.ts", `${head}export const a = () => api<{ ok: true }>("/api/x");`)).toContain("no-restricted-syntax");
    const named = `${head}import type { Answer } from "@/lib/contract/http";\nimport type { POST } from "@/app/api/auth/otp/route";\nexport const a = () => api<Answer<typeof POST>>("/api/auth/otp");`;
    expect(await problems("components/x.ts", named)).toEqual([]);
  });
});
