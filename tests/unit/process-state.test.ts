import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { PROCESS_CONDITION } from "../integration/support/process-state";

// The integration files' fresh-process reset names globals the server declares: a renamed one would
// silently stay from file to file.
it("every global the integration reset forgets is one the server keeps", () => {
  const sources = (readdirSync("server", { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.includes("generated"))
    .map((file) => readFileSync(path.join("server", file), "utf8"))
    .join("\n");
  for (const key of PROCESS_CONDITION) expect(sources, key).toMatch(new RegExp(`globalThis as unknown as \\{[^}]*\\b${key}\\?:`));
});
