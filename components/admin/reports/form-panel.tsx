"use client";

import { useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import type { KeyedMutator } from "swr";
import { toast } from "@/lib/toast";
import { useFormAction } from "@/components/admin/common/form-action";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

// The company settings on the Reports screen (business hours, response targets: docs/PRODUCT.md §13.3): each a
// small form over what the server has, saved as a whole.

type Setting<S> = { data: S | undefined; mutate: KeyedMutator<S> };
type Texts = { saved: string; failed: string };

/**
 * A setting's form state: the fields as the server has them until something is changed, then the draft. The
 * save sends the draft (`save` turns it into the setting); the server's answer becomes the setting and the
 * draft is dropped. `panel` is FormPanel's part: the submit, whether it is saving, whether there is a draft.
 */
export function useSettingDraft<S, D>(setting: Setting<S>, fromSetting: (setting: S | undefined) => D, save: (form: D) => Promise<S>, texts: Texts) {
  const [draft, setDraft] = useState<D | null>(null);
  const { pending, submit } = useFormAction(texts.failed);
  const form = draft ?? fromSetting(setting.data);
  const set = (patch: Partial<D>) => setDraft({ ...form, ...patch });

  const onSubmit = submit(async () => {
    await setting.mutate(await save(form), { revalidate: false });
    setDraft(null);
    toast.success(texts.saved);
  });

  return { form, set, panel: { onSubmit, saving: pending, dirty: draft !== null } };
}

type FormPanelProps = {
  title: string;
  description: string;
  saveLabel: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  saving: boolean;
  /** Something was changed: until then there is nothing to save. */
  dirty: boolean;
  children: ReactNode;
};

/** A setting's form: the heading, which also names the form, a line on what it does, the fields, and the save button ('Saving...' while it saves). */
export function FormPanel({ title, description, saveLabel, onSubmit, saving, dirty, children }: FormPanelProps) {
  return (
    <form aria-label={title} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" onSubmit={onSubmit}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-500">{description}</p>
      {children}
      <Button type="submit" size="sm" disabled={saving || !dirty}>
        {saving ? "Saving..." : saveLabel}
      </Button>
    </form>
  );
}

/** One of a row of short fields: the label's text above its input, both inside the label. */
export function InlineField({ id, label, className, ...props }: ComponentProps<typeof Input> & { id: string; label: string }) {
  return (
    <label className="text-sm font-medium text-slate-700" htmlFor={id}>
      {label}
      <Input id={id} className={cn("mt-1", className)} {...props} />
    </label>
  );
}
