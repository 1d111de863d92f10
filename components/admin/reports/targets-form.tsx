"use client";

import { useId } from "react";
import { FormPanel, InlineField, useSettingDraft } from "@/components/admin/reports/form-panel";
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
const save = (form: Draft) => saveResponseTargets({ firstResponseTargetMinutes: minutes(form.first), nextResponseTargetMinutes: minutes(form.next), breachEmail: form.breachEmail });

const TEXTS = { saved: "Response targets saved", failed: "Failed to save the response targets, please try again" };
const ABOUT = "In business minutes. Conversations turn amber when less than a quarter of the target is left, red when overdue. Leave a field empty for no target.";

export function TargetsForm() {
  const id = useId();
  const { form, set, panel } = useSettingDraft(useResponseTargets(), fromSetting, save, TEXTS);

  return (
    <FormPanel title="Response targets" description={ABOUT} saveLabel="Save targets" {...panel}>
      <div className="flex flex-wrap items-end gap-3">
        <InlineField id={`${id}-first`} label="First response (minutes)" type="number" min={1} max={10080} inputMode="numeric" value={form.first} onChange={(e) => set({ first: e.target.value })} className="w-40" />
        <InlineField id={`${id}-next`} label="Next response (minutes)" type="number" min={1} max={10080} inputMode="numeric" value={form.next} onChange={(e) => set({ next: e.target.value })} className="w-40" />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={form.breachEmail} onChange={(e) => set({ breachEmail: e.target.checked })} className="size-4 accent-indigo-600" />
        E-mail the company admins when a conversation misses its target
      </label>
    </FormPanel>
  );
}
