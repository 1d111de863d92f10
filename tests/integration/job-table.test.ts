import { describe, expect, it } from "vitest";
import { JOBS } from "@/server/queue/jobs";
import { jobs } from "@/workers/jobs/index";

// One table of jobs (server/queue/jobs.ts, issue 44): the worker registers exactly the jobs the table
// names, each with the table's own payload schema, so a producer and its handler cannot disagree.

describe("the job table", () => {
  it("is what the worker registers, name for name and schema for schema", () => {
    const table = Object.values(JOBS);
    expect(jobs.map((j) => j.name).sort()).toEqual(table.map((j) => j.name).sort());
    for (const job of jobs) expect(job.schema, job.name).toBe(table.find((t) => t.name === job.name)!.schema);
    expect(new Set(table.map((j) => j.name)).size).toBe(table.length);
  });

  it("refuses a payload its handler could not take", () => {
    expect(JOBS.sendOffer.schema.safeParse({ offerId: "not-a-uuid" }).success).toBe(false);
    expect(JOBS.rebuildResponseEvents.schema.safeParse({ companyId: "0190a0a0-0000-7000-8000-000000000000", from: "2026-12-02", to: "2026-12-01" }).success).toBe(false);
    // The request id every producer adds is not part of the payload a handler sees.
    expect(JOBS.copyAttachments.schema.parse({ messageId: "0190a0a0-0000-7000-8000-000000000000", requestId: "r1" })).toEqual({ messageId: "0190a0a0-0000-7000-8000-000000000000" });
  });
});
