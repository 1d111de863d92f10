"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { LABEL_TEXTS } from "@/components/inbox/panel/tag-rules";
import { LabelColorPicker } from "@/components/inbox/panel/label-color-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { api, errorMessage } from "@/lib/api/client";
import { isLabelsKey } from "@/lib/hooks/use-labels";
import type { Label } from "@/lib/inbox/types";
import { DEFAULT_LABEL_COLOR, LABEL_NAME_MAX_LENGTH, type LabelColor } from "@/lib/schemas/labels";

/** Colour, name and Add Label (PRODUCT §5 Label: trimmed and non-empty, Enter submits, no add while pending). */
export function LabelCreateForm({ pageId }: { pageId: string }) {
  const { mutate } = useSWRConfig();
  const [name, setName] = useState("");
  const [color, setColor] = useState<LabelColor>(DEFAULT_LABEL_COLOR);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // The server's reason ("A label with this name already exists"), shown inline as in the toast.
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = name.trim();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmed || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await api<Label>("/api/labels", { method: "POST", body: { name: trimmed, color, page_id: pageId } });
      toast.success(LABEL_TEXTS.created);
      setName("");
      setPickerOpen(false);
      await mutate(isLabelsKey);
    } catch (error) {
      const reason = errorMessage(error, LABEL_TEXTS.createFailed);
      toast.error(reason);
      setFailure(reason);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        <LabelColorPicker value={color} onChange={setColor} open={pickerOpen} onOpenChange={setPickerOpen} disabled={pending} />
        <label htmlFor="new-label-name" className="sr-only">
          Label name
        </label>
        <Input
          id="new-label-name"
          className="w-auto flex-1 basis-40"
          placeholder="Name a label..."
          maxLength={LABEL_NAME_MAX_LENGTH}
          value={name}
          invalid={failure !== null}
          aria-describedby={failure ? "new-label-error" : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setFailure(null);
          }}
        />
        <Button type="submit" className="h-11 max-sm:order-last max-sm:w-full" disabled={!trimmed} pending={pending} pendingText="Adding...">
          Add Label
        </Button>
      </div>
      {failure && (
        <p id="new-label-error" role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
    </form>
  );
}
