import type { z } from "zod";
import { ApiError, errorMessage } from "@/lib/api/client";

// How the admin forms turn failures into messages (PRODUCT §8): zod issues and a server's 400 `fields` become
// per-field messages with 'Please fix the errors below'; anything else is the server's message or the
// screen's fallback.

export const FIX_ERRORS = "Please fix the errors below";

export type FieldErrors = Record<string, string>;

/** The first message for each top-level field of a failed parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

export type FormFailure = { fields: FieldErrors; message: string };

/**
 * A failed submit: per-field messages when the server sent them (with 'Please fix the errors below'), else
 * the server's message or `fallback`. `rewrite` lets a screen replace a message (e.g. 'already exists').
 */
export function formFailure(error: unknown, fallback: string, rewrite?: (error: ApiError) => string | null): FormFailure {
  if (error instanceof ApiError) {
    const replaced = rewrite?.(error);
    if (replaced) return { fields: {}, message: replaced };
    const fields = error.fields;
    // A 400 names what to fix. Other statuses (a 409 duplicate e-mail) show their message once: on the
    // field when the field carries it, in the alert only when it says something the fields do not.
    if (Object.keys(fields).length > 0) {
      if (error.status === 400) return { fields, message: FIX_ERRORS };
      const message = errorMessage(error, fallback);
      return { fields, message: Object.values(fields).includes(message) ? "" : message };
    }
  }
  return { fields: {}, message: errorMessage(error, fallback) };
}

/** PRODUCT §8: a 400 on page add/edit containing 'already exists'. */
export function isAlreadyExists(error: ApiError): boolean {
  return error.status === 400 && /already exists/i.test(error.message);
}
