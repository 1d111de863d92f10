import type { JobDefinition } from "@/workers/jobs/types";

// The job registry: every job the worker runs is listed here (bulk offers arrive with their issue).
export const jobs: JobDefinition<never>[] = [];

export function findJob(name: string): JobDefinition<never> | undefined {
  return jobs.find((job) => job.name === name);
}
