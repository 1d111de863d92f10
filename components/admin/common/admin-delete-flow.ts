"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";

// Deleting a row behind a confirmation dialog (users, pages): remember whom the dialog asks about, and on
// confirm call the server, toast its message, refresh the lists, or toast the failure and rethrow so the
// dialog stays open. Only the request and the texts differ per kind, so they are the parameters.

type DeleteFlow<T> = {
  /** The DELETE request; its answer's `message` is the success toast when the server gives one. */
  remove(target: T): Promise<{ message?: string } | null | undefined>;
  /** Revalidates the lists that showed the deleted row. */
  refresh(): Promise<unknown>;
  /** The success toast when the answer carries no message. */
  deleted: string;
  /** The error toast for a failed request. */
  failed(error: unknown): string;
};

export function useDeleteFlow<T extends object>({ remove, refresh, deleted, failed }: DeleteFlow<T>) {
  const [target, setTarget] = useState<T | null>(null);

  async function confirm() {
    if (!target) return;
    try {
      const res = await remove(target);
      toast.success(res?.message ?? deleted);
      await refresh();
    } catch (error) {
      toast.error(failed(error));
      throw error;
    }
  }

  return { target, ask: setTarget, close: () => setTarget(null), confirm };
}
