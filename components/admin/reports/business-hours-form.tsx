"use client";

import { useId } from "react";
import { FormPanel, InlineField, useSettingDraft } from "@/components/admin/reports/form-panel";
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

/** The one window on each chosen day, or none at all: around the clock. */
function save(form: ReturnType<typeof fromSetting>) {
  const window: [number, number] = [toMinutes(form.start), toMinutes(form.end)];
  const businessHours = form.always ? null : Object.fromEntries(form.days.flatMap((on, i) => (on ? [[String(i + 1), [window]]] : [])));
  return saveBusinessHours({ timezone: form.timezone.trim(), businessHours });
}

const TEXTS = { saved: "Business hours saved", failed: "Failed to save the business hours, please try again" };

/** The company's time zone and business hours, which every response metric counts in (company admins). */
export function BusinessHoursForm() {
  const id = useId();
  const { form, set, panel } = useSettingDraft(useBusinessHours(), fromSetting, save, TEXTS);

  return (
    <FormPanel title="Business hours" description="Response times count only these hours, in the company's time zone." saveLabel="Save hours" {...panel}>
      <div className="flex flex-wrap items-end gap-3">
        <InlineField id={`${id}-tz`} label="Time zone" value={form.timezone} onChange={(e) => set({ timezone: e.target.value })} className="w-56" />
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
          <InlineField id={`${id}-start`} label="From" type="time" value={form.start} onChange={(e) => set({ start: e.target.value })} className="w-32" />
          <InlineField id={`${id}-end`} label="To" type="time" value={form.end} onChange={(e) => set({ end: e.target.value })} className="w-32" />
        </div>
      )}
    </FormPanel>
  );
}
