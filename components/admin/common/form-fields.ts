"use client";

import { useState } from "react";
import type { ZodType } from "zod";
import { formFailure, zodFieldErrors, type FieldErrors } from "@/lib/admin/form-errors";
import type { ApiError } from "@/lib/api/client";

/**
 * The state of an admin form (PRODUCT §8): its values, a message per field, and the alert above the fields.
 * A field's message clears as soon as it is typed in. `field(key)` hands a TextField its value, its setter and
 * its message in one, so that each field names only what is its own (id, label, type, autocomplete).
 */
export function useFormFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const set = (key: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const field = (key: keyof V & string) => ({ value: values[key], onValue: set(key), error: errors[key] });

  /** How a submit starts: the alert clears, and a failed parse puts its messages on the fields and gives null. */
  function validate<T>(schema: ZodType<T>, input: unknown): T | null {
    setMessage(null);
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    setErrors(zodFieldErrors(parsed.error));
    return null;
  }

  /** A failed call: the server's messages on their fields and in the alert, else `fallback` (lib/admin/form-errors.ts). */
  function fail(error: unknown, fallback: string, rewrite?: (error: ApiError) => string | null) {
    const failure = formFailure(error, fallback, rewrite);
    setErrors(failure.fields);
    setMessage(failure.message || null);
  }

  return { values, setValues, errors, setErrors, set, field, message, validate, fail };
}
