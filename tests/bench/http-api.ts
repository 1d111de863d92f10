import { issueToken } from "@/server/services/auth/token";
import type { Bench } from "./lib/context";
import { budget } from "./lib/context";
import { keepAliveAgent, request } from "./lib/http";
import { treeCpuMs } from "../support/cpu";
import { now, summarize, verdict } from "../support/stats";

// The same list and thread requests over HTTP against the production server (Next + custom server), with a
// staff bearer token: adds authentication (token decode + user row), zod parsing, JSON and the network.

const TARGET_P95_MS = 25;

export const httpBench: Bench = {
  name: "http",
  needsApp: true,
  async run(ctx) {
    const { warmup, iterations, scenarioMs } = budget(ctx.options);
    const app = await ctx.app();
    const token = await issueToken(ctx.dataset.staffUserId);
    const agent = keepAliveAgent(1);
    const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
    const rows: Record<string, unknown>[] = [];
    try {
      for (const scenario of await ctx.scenarios()) {
        const url = `${app.url}${scenario.path}`;
        const first = await request(agent, url, { headers });
        if (first.status !== 200) {
          rows.push({ scenario: scenario.name, error: `HTTP ${first.status}: ${first.body.slice(0, 200)}`, verdict: "MISS" });
          ctx.log(`  ${scenario.name.padEnd(24)} HTTP ${first.status}`);
          continue;
        }
        const warmEnd = now() + 2_000; // slow scenarios get a bounded warm-up
        for (let i = 0; i < warmup && now() < warmEnd; i++) await request(agent, url, { headers });
        const samples: number[] = [];
        let failures = 0;
        const cpu0 = treeCpuMs(app.pid);
        const deadline = now() + scenarioMs;
        while (samples.length < iterations && now() < deadline) {
          const res = await request(agent, url, { headers });
          if (res.status !== 200) failures++;
          samples.push(res.ms);
        }
        const cpu1 = treeCpuMs(app.pid);
        const serverCpuMsPerRequest = cpu0 === null || cpu1 === null ? null : Math.round(((cpu1 - cpu0) / samples.length) * 100) / 100;
        const latency = summarize(samples);
        rows.push({
          scenario: scenario.name,
          kind: scenario.kind,
          about: scenario.about,
          bytes: first.body.length,
          failures,
          latencyMs: latency,
          serverCpuMsPerRequest,
          targetP95Ms: TARGET_P95_MS,
          verdict: failures ? "MISS" : verdict(latency.p95, TARGET_P95_MS),
        });
        ctx.log(`  ${scenario.name.padEnd(24)} p50 ${latency.p50.toFixed(2).padStart(8)}  p95 ${latency.p95.toFixed(2).padStart(8)}  p99 ${latency.p99.toFixed(2).padStart(8)} ms  n=${latency.n}  server cpu ${serverCpuMsPerRequest} ms/req`);
      }
    } finally {
      agent.destroy();
    }
    return {
      target: { p95Ms: TARGET_P95_MS },
      method: "sequential GETs over one keep-alive connection to the production server (NODE_ENV=production, .next-bench build), bearer token of a staff user",
      build: app.build,
      scenarios: rows,
      misses: rows.filter((r) => r.verdict === "MISS").map((r) => r.scenario),
    };
  },
};
