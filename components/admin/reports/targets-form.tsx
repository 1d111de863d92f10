"use client";

import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { saveResponseTargets, useResponseTargets } from "@/lib/hooks/use-reports";
import type { ResponseTargetsSetting } from "@/lib/contract/reports-api";

// The company's response targets (docs/PRODUCT.md §13.3), beside the business hours they count in. An empty
// field is no target.

type Draft = { first: string; next: string; breachEmail: boolean };

const fromSetting = (s: ResponseTargetsSetting | undefined): Draft => ({
  first: s?.firstResponseTargetMinutes?.toString() ?? "",
  next: s?.nextResponseTargetMinutes?.toString() ?? "",
  breachEmail: s?.breachEmail ?? false,
});
const minutes = (text: string) => (text.trim() === "" ? null : Number(text));

export function TargetsForm() {
  const id = useId();
  const { data, mutate } = useResponseTargets();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const form = draft ?? fromSetting(data);
  const set = (patch: Partial<Draft>) => setDraft({ ...form, ...patch });

  async function save() {
    setSaving(true);
    try {
      const saved = await saveResponseTargets({ firstResponseTargetMinutes: minutes(form.first), nextResponseTargetMinutes: minutes(form.next), breachEmail: form.breachEmail });
      await mutate(saved, { revalidate: false });
      setDraft(null);
      toast.success("Response targets saved");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the response targets, please try again"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      aria-label="Response targets"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="text-base font-semibold text-slate-900">Response targets</h2>
      <p className="text-sm text-slate-500">In business minutes. Conversations turn amber when less than a quarter of the target is left, red when overdue. Leave a field empty for no target.</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-first`}>
          First response (minutes)
          <Input id={`${id}-first`} type="number" min={1} max={10080} inputMode="numeric" value={form.first} onChange={(e) => set({ first: e.target.value })} className="mt-1 w-40" />
        </label>
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-next`}>
          Next response (minutes)
          <Input id={`${id}-next`} type="number" min={1} max={10080} inputMode="numeric" value={form.next} onChange={(e) => set({ next: e.target.value })} className="mt-1 w-40" />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={form.breachEmail} onChange={(e) => set({ breachEmail: e.target.checked })} className="size-4 accent-indigo-600" />
        E-mail the company admins when a conversation misses its target
      </label>
      <Button type="submit" size="sm" disabled={saving || !draft}>
        {saving ? "Saving..." : "Save targets"}
      </Button>
    </form>
  );
}
