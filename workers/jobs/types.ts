import type { Job } from "bullmq";
import type { ZodType } from "zod";

// A job is a name, a zod schema for its payload, and a handler; the worker parses before it handles.
export type JobDefinition<T = unknown> = {
  name: string;
  schema: ZodType<T>;
  handle: (payload: T, job: Job) => Promise<unknown>;
};

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}
