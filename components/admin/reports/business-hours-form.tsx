"use client";

import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { saveBusinessHours, useBusinessHours } from "@/lib/hooks/use-reports";
import type { BusinessHoursSetting } from "@/lib/contract/reports-api";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const toClock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** One window a day on the chosen days: what most teams keep. The API takes up to four a day. */
function fromSetting(setting: BusinessHoursSetting | undefined) {
  const hours = setting?.businessHours ?? null;
  const first = hours ? Object.values(hours).find((w) => w.length)?.[0] : undefined;
  return {
    timezone: setting?.timezone ?? "UTC",
    always: hours === null,
    days: DAYS.map((_, i) => Boolean(hours?.[String(i + 1)]?.length)),
    start: toClock(first?.[0] ?? 540),
    end: toClock(first?.[1] ?? 1020),
  };
}

/** The company's time zone and business hours, which every response metric counts in (company admins). */
export function BusinessHoursForm() {
  const id = useId();
  const { data, mutate } = useBusinessHours();
  const [draft, setDraft] = useState<ReturnType<typeof fromSetting> | null>(null);
  const [saving, setSaving] = useState(false);
  const form = draft ?? fromSetting(data);

  async function save() {
    setSaving(true);
    try {
      const window: [number, number] = [toMinutes(form.start), toMinutes(form.end)];
      const businessHours = form.always ? null : Object.fromEntries(form.days.flatMap((on, i) => (on ? [[String(i + 1), [window]]] : [])));
      await mutate(await saveBusinessHours({ timezone: form.timezone.trim(), businessHours }), { revalidate: false });
      setDraft(null);
      toast.success("Business hours saved");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the business hours, please try again"));
    } finally {
      setSaving(false);
    }
  }

  const set = (patch: Partial<typeof form>) => setDraft({ ...form, ...patch });
  return (
    <form
      aria-label="Business hours"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="text-base font-semibold text-slate-900">Business hours</h2>
      <p className="text-sm text-slate-500">Response times count only these hours, in the company&apos;s time zone.</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-tz`}>
          Time zone
          <Input id={`${id}-tz`} value={form.timezone} onChange={(e) => set({ timezone: e.target.value })} className="mt-1 w-56" />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={form.always} onChange={(e) => set({ always: e.target.checked })} className="size-4 accent-indigo-600" />
          Around the clock
        </label>
      </div>
      {!form.always && (
        <div className="flex flex-wrap items-end gap-3">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Days</legend>
            {DAYS.map((day, i) => (
              <label key={day} className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
                <input type="checkbox" checked={form.days[i]} onChange={(e) => set({ days: form.days.map((d, j) => (j === i ? e.target.checked : d)) })} className="size-4 accent-indigo-600" />
                {day}
              </label>
            ))}
          </fieldset>
          <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-start`}>
            From
            <Input id={`${id}-start`} type="time" value={form.start} onChange={(e) => set({ start: e.target.value })} className="mt-1 w-32" />
          </label>
          <label className="text-sm font-medium text-slate-700" htmlFor={`${id}-end`}>
            To
            <Input id={`${id}-end`} type="time" value={form.end} onChange={(e) => set({ end: e.target.value })} className="mt-1 w-32" />
          </label>
        </div>
      )}
      <Button type="submit" size="sm" disabled={saving || !draft}>
        {saving ? "Saving..." : "Save hours"}
      </Button>
    </form>
  );
}
