import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Modules holding secrets start with `import "server-only"`: Next refuses to build a client component whose
// imports reach one, so a secret never ships to the browser. Plain Node (tsx, vitest) reads the package as
// its empty module (tsconfig.json's paths, vitest.config.ts). This builds a throwaway app, inside the
// repository so Next resolves our modules, whose one client page imports every marked module.

const ROOT = process.cwd();
const MARK = 'import "server-only";';
/** The modules that read or hold secrets (a moved one must keep its mark: the test names where it lives). */
const MUST_BE_MARKED = [
  "server/env.ts",
  "server/db/index.ts",
  "server/db/direct.ts",
  "server/redis.ts",
  "server/security/secret-box.ts",
  "server/integrations/meta/graph-client.ts",
  "server/services/auth/token.ts",
  "server/integrations/mail/mailer.ts",
  "server/storage/signed-url.ts",
  "server/storage/s3-storage.ts",
];

function markedModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && readFileSync(path.join(ROOT, rel), "utf8").split("\n").includes(MARK)) found.push(rel);
    }
  };
  for (const dir of ["server", "workers", "lib"]) walk(dir);
  return found.sort();
}

const fixture = path.join(ROOT, ".data", `server-only-check-${process.pid}`);
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe("server-only", () => {
  const marked = markedModules();

  it("marks every module that reads or holds a secret", () => {
    expect(marked).toEqual(expect.arrayContaining(MUST_BE_MARKED));
  });

  it("next build refuses a client component that imports any marked module", { timeout: 240_000 }, () => {
    mkdirSync(path.join(fixture, "app"), { recursive: true });
    // Our tsconfig (for "@/…"); no type check: the refusal comes from the compiler, before it.
    writeFileSync(path.join(fixture, "tsconfig.json"), JSON.stringify({ extends: path.relative(fixture, path.join(ROOT, "tsconfig.json")), include: ["app/**/*.tsx"] }));
    writeFileSync(path.join(fixture, "next.config.mjs"), "export default { typescript: { ignoreBuildErrors: true } };\n");
    writeFileSync(path.join(fixture, "app", "layout.tsx"), "export default function Layout({ children }: { children: React.ReactNode }) { return <html><body>{children}</body></html>; }\n");
    const imports = marked.map((file) => `import "@/${file.replace(/\.tsx?$/, "")}";`);
    writeFileSync(path.join(fixture, "app", "page.tsx"), ['"use client";', ...imports, "export default function Page() { return null; }", ""].join("\n"));

    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build", fixture], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NO_COLOR: "1", FORCE_COLOR: "0" },
      encoding: "utf8",
      timeout: 230_000,
    });
    const output = `${build.stdout}${build.stderr}`;
    expect(build.status, output.slice(-3000)).not.toBe(0);
    for (const file of marked) expect(output, file).toContain(`./${file}:1:1\nError: 'server-only' cannot be imported from a Client Component module`);
  });
});
