"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { useFormAction } from "@/components/admin/common/form-action";
import { CardHeader } from "@/components/admin/common/form-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MAX_CAPACITY } from "@/lib/schemas/fair-queue";
import { saveCapacity, useAgentCapacity } from "@/lib/hooks/use-fair-queue";

/**
 * User Details (company admins): how many open conversations the fair queue gives this agent at most
 * (docs/PRODUCT.md §13.4). 0 means none; conversations they take by hand do not count against it.
 */
export function CapacityCard({ userId }: { userId: string }) {
  const current = useAgentCapacity(userId);
  const [draft, setDraft] = useState<string | null>(null);
  const { pending, submit } = useFormAction("Failed to save the capacity, please try again");
  const value = draft ?? (current.data ? String(current.data.capacity) : "");

  const save = submit(async () => {
    await current.mutate(saveCapacity(userId, Number(value)), { revalidate: false });
    setDraft(null);
    toast.success("Capacity saved");
  });

  return (
    <Card>
      <CardHeader title="Fair queue" description="The most open conversations the fair queue gives this agent at once." />
      <form onSubmit={save} className="flex flex-wrap items-end gap-3 px-5 py-5 sm:px-6">
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
