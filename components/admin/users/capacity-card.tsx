"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api/client";
import { MAX_CAPACITY } from "@/lib/schemas/fair-queue";
import { saveCapacity, useAgentCapacity } from "@/lib/hooks/use-fair-queue";

/**
 * User Details (company admins): how many open conversations the fair queue gives this agent at most
 * (docs/PRODUCT.md §13.4). 0 means none; conversations they take by hand do not count against it.
 */
export function CapacityCard({ userId }: { userId: string }) {
  const current = useAgentCapacity(userId);
  const [draft, setDraft] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const value = draft ?? (current.data ? String(current.data.capacity) : "");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await current.mutate(saveCapacity(userId, Number(value)), { revalidate: false });
      setDraft(null);
      toast.success("Capacity saved");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the capacity, please try again"));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 className="text-base font-semibold text-slate-900">Fair queue</h2>
        <p className="mt-1 text-sm text-slate-500">The most open conversations the fair queue gives this agent at once.</p>
      </div>
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3 px-5 py-5 sm:px-6">
        <div>
          <label htmlFor="agent-capacity" className="block text-sm font-medium text-slate-700">
            Capacity
          </label>
          <input
            id="agent-capacity"
            type="number"
            min={0}
            max={MAX_CAPACITY}
            step={1}
            required
            value={value}
            disabled={!current.data}
            onChange={(e) => setDraft(e.target.value)}
            className="mt-1 h-10 w-28 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
        </div>
        <Button type="submit" disabled={pending || !current.data}>
          Save
        </Button>
        {current.data && (
          <p className="w-full text-sm text-slate-600">
            Now: {current.data.openConversations} open {current.data.openConversations === 1 ? "conversation" : "conversations"}
            {current.data.away ? " · away" : ""}
          </p>
        )}
      </form>
    </Card>
  );
}
