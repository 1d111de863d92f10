"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";

type Work = () => Promise<unknown>;

/**
 * A settings card's one save (or ban, or other single action): `pending` while it runs, and a failure
 * toasts the server's message or `failed` (PRODUCT §8). `onError` sees the failure first (a form that puts
 * the server's field messages on its fields). The work itself says what success means: its own toast, its
 * cache update. `submit(work)` is a form's onSubmit: the browser's own submit stays off and the work runs.
 */
export function useFormAction(failed: string, onError?: (error: unknown) => void) {
  const [pending, setPending] = useState(false);

  async function run(work: Work) {
    setPending(true);
    try {
      await work();
    } catch (error) {
      onError?.(error);
      toast.error(errorMessage(error, failed));
    } finally {
      setPending(false);
    }
  }

  const submit = (work: Work) => (event: FormEvent) => {
    event.preventDefault();
    void run(work);
  };

  return { pending, run, submit };
}
