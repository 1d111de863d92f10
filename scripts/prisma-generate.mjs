// Runs `prisma generate` offline: the CLI insists on a schema-engine binary it cannot download here,
// but generate never executes it, so any existing file satisfies the check (docs/TOOLCHAIN.md).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("prisma/schema.prisma")) process.exit(0);
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const r = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
