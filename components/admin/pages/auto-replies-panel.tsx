"use client";

import { useId, useState } from "react";
import { useFormAction } from "@/components/admin/common/form-action";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { api, ApiError } from "@/lib/api/client";
import type { ApiAutoReplies } from "@/lib/schemas/auto-replies";
import type { ApiPage } from "@/lib/schemas/pages";

type Kind = "instant" | "away";

const REPLIES: { kind: Kind; title: string; hint: string }[] = [
  { kind: "instant", title: "Instant reply", hint: "Sent to a customer's first message in a new conversation." },
  { kind: "away", title: "Away message", hint: "Sent when a customer writes outside the company's business hours (Reports)." },
];

/**
 * A Page's automatic replies on its screen (docs/PRODUCT.md §13.1): each on or off with its text, and the hours
 * that must pass before a conversation gets another. The server checks the texts (whitelist, Instagram's
 * length) and names the field it refuses.
 */
export function AutoRepliesPanel({ page, onChange }: { page: ApiPage; onChange: () => unknown }) {
  const id = useId();
  const [draft, setDraft] = useState<ApiAutoReplies | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server names the field it refuses; its message goes under that text.
  const { pending: saving, submit } = useFormAction("Failed to save the automatic replies, please try again", (error) => {
    if (error instanceof ApiError) setErrors(error.fields);
  });
  const form = draft ?? page.auto_replies;

  const setReply = (kind: Kind, patch: Partial<ApiAutoReplies[Kind]>) => setDraft({ ...form, [kind]: { ...form[kind], ...patch } });

  const save = submit(async () => {
    setErrors({});
    await api(`/api/pages/${encodeURIComponent(page._id)}/auto-replies`, { method: "PUT", body: form });
    toast.success("Automatic replies saved");
    setDraft(null);
    await onChange();
  });

  return (
    <form aria-label="Automatic replies" className="space-y-4 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm shadow-sm" onSubmit={save}>
      <div>
        <h2 className="text-base font-semibold text-slate-900">Automatic replies</h2>
        <p className="text-slate-600">Sent by the Page within the 24-hour window, never to a conversation an agent answered in that time.</p>
      </div>
      {REPLIES.map(({ kind, title, hint }) => {
        const textId = `${id}-${kind}-text`;
        const error = errors[`${kind}.text`];
        return (
          <fieldset key={kind} className="space-y-2">
            <legend className="sr-only">{title}</legend>
            <label className="flex items-center gap-2 font-medium text-slate-700">
              <input type="checkbox" role="switch" checked={form[kind].enabled} onChange={(e) => setReply(kind, { enabled: e.target.checked })} className="size-4 accent-indigo-600" />
              {title}
            </label>
            <p id={`${textId}-hint`} className="text-slate-500">
              {hint}
            </p>
            <label htmlFor={textId} className="sr-only">
              {`${title} text`}
            </label>
            <Textarea
              id={textId}
              rows={3}
              value={form[kind].text}
              invalid={Boolean(error)}
              aria-describedby={error ? `${textId}-error` : `${textId}-hint`}
              onChange={(e) => setReply(kind, { text: e.target.value })}
            />
            {error && (
              <p id={`${textId}-error`} className="text-red-600">
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label htmlFor={`${id}-hours`} className="font-medium text-slate-700">
          At most once per conversation every
          <span className="mt-1 flex items-center gap-2 font-normal text-slate-600">
            <Input
              id={`${id}-hours`}
              type="number"
              min={1}
              max={168}
              value={form.every_hours}
              invalid={Boolean(errors.every_hours)}
              onChange={(e) => setDraft({ ...form, every_hours: Number(e.target.value) })}
              className="w-24"
            />
            hours
          </span>
        </label>
        <Button type="submit" size="sm" pending={saving} pendingText="Saving..." disabled={!draft}>
          Save automatic replies
        </Button>
      </div>
    </form>
  );
}
