import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docker-compose.yml's fleet profile, validated by the Docker Compose client itself (no engine needed for
// `config`). CI machines without a Compose client cannot run this check: it is skipped there, with a line
// saying so (scripts/ensure-services.sh does not install Docker). The nginx config in deploy/nginx/ is run
// for real by fleet.test.ts.

function composeCommand(): string[] | null {
  for (const cmd of [["docker", "compose"], ["docker-compose"]]) {
    try {
      execFileSync(cmd[0]!, [...cmd.slice(1), "version"], { stdio: "ignore" });
      return cmd;
    } catch {
      // not this one
    }
  }
  return null;
}

const compose = composeCommand();
if (!compose) console.warn("[deploy-config] no Docker Compose client: docker-compose.yml was not validated");

describe.skipIf(!compose)("docker-compose.yml", () => {
  it("has a fleet profile: nginx in front of 2 apps, 2 workers, healthchecks on the new endpoints", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sb-compose-"));
    try {
      cpSync("docker-compose.yml", path.join(dir, "docker-compose.yml"));
      cpSync("deploy", path.join(dir, "deploy"), { recursive: true });
      writeFileSync(path.join(dir, ".env"), ""); // env_file must exist
      const run = (...args: string[]) => execFileSync(compose![0]!, [...compose!.slice(1), ...args], { cwd: dir, encoding: "utf8" });
      const config = run("--profile", "fleet", "config");
      const service = (name: string) => config.split(/\n {2}(?=\S)/).find((block) => block.startsWith(`${name}:`)) ?? "";
      expect(service("fleet-app")).toMatch(/replicas: 2/);
      expect(service("fleet-app")).toMatch(/\/api\/health\/ready/);
      expect(service("fleet-app")).not.toMatch(/published/);
      expect(service("fleet-worker")).toMatch(/replicas: 2/);
      expect(service("fleet-worker")).toMatch(/127\.0\.0\.1:9464\/ready/);
      expect(service("balancer")).toMatch(/image: nginx:1\.2[7-9]|image: nginx:1\.[3-9]\d/);
      expect(service("balancer")).toMatch(/\/api\/health\/live/);
      expect(service("balancer")).toMatch(/deploy\/nginx\/nginx\.conf/);
      expect(service("app")).toMatch(/\/api\/health\/ready/);
      expect(service("migrate")).toMatch(/migrate\.ts/);
      for (const name of ["app", "fleet-app", "worker", "fleet-worker"]) expect(service(name)).toMatch(/--import/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
