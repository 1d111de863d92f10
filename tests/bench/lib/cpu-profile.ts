import type { CDPSession } from "@playwright/test";

// Where a browser phase's main-thread time goes (BENCH_UI_PROFILE=1 in ui-browser.ts): V8's sampling
// profiler through CDP, summed by function. The production bundle is minified, so a frame is named by its
// script and position as well; the script tells React, a library or our own code apart.

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };
export type HotFrame = { frame: string; selfMs: number; share: number };

/** Starts sampling; the returned function stops it and gives the `top` frames by self time. */
export async function startCpuProfile(cdp: CDPSession): Promise<(top?: number) => Promise<HotFrame[]>> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  return async (top = 25) => {
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    let total = 0;
    for (let i = 0; i < samples.length; i++) {
      const node = byId.get(samples[i]!);
      const ms = (deltas[i] ?? 0) / 1000;
      if (!node) continue;
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const script = url ? url.slice(url.lastIndexOf("/") + 1) : "";
      const frame = `${functionName || "(anonymous)"} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
      self.set(frame, (self.get(frame) ?? 0) + ms);
      if (functionName !== "(idle)" && functionName !== "(program)") total += ms;
    }
    return [...self]
      .filter(([frame]) => !frame.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, ms]) => ({ frame, selfMs: Math.round(ms), share: total ? Math.round((ms / total) * 1000) / 10 : 0 }));
  };
}
