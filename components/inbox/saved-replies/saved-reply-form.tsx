"use client";

import { useRef, useState, type FormEvent } from "react";
import { canSaveReply, replyCounter, SHORTCUT_TOO_SHORT, shortcutValid } from "@/components/inbox/saved-replies/reply-rules";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { REPLY_COUNTER_LIMIT, REPLY_MESSAGE_MAX_LENGTH, SHORTCUT_MAX_LENGTH, ZReplyMessage, type ApiSavedReply } from "@/lib/schemas/replies";

/** The Message field's hint: the variables and blanks a saved reply may use (PRODUCT §13.2). */
const VARIABLES_HINT = "Variables: {{customer.first_name}}, {{customer.name}}, {{agent.name}}, {{page.name}}. A blank like {{?order number}} is asked for when the reply is used.";

/** The server's own message check (the shared zod schema), for a non-blank message: unknown variables, braces, length. */
function messageProblem(message: string): string | null {
  if (!message.trim()) return null;
  const parsed = ZReplyMessage.safeParse(message);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The create/edit form: Shortcut, Message with 'n / 1000', Cancel and Save or Update; a message the API would refuse says why on blur or Save. */
export function SavedReplyForm({
  editing,
  saving,
  onSave,
  onCancel,
}: {
  editing: ApiSavedReply | null;
  saving: boolean;
  onSave: (fields: { shortcut: string; message: string }) => void;
  onCancel: () => void;
}) {
  const [shortcut, setShortcut] = useState(editing?.shortcut ?? "");
  const [message, setMessage] = useState(editing?.message ?? "");
  const [shortcutTouched, setShortcutTouched] = useState(false);
  const [messageTouched, setMessageTouched] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const messageError = messageTouched ? messageProblem(message) : null;
  const shortcutError = shortcutTouched && !shortcutValid(shortcut) ? SHORTCUT_TOO_SHORT : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !canSaveReply(shortcut, message)) return;
    if (messageProblem(message)) {
      setMessageTouched(true);
      messageRef.current?.focus();
      return;
    }
    onSave({ shortcut, message });
  }

  return (
    <form onSubmit={submit} className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        <button
          type="button"
          onClick={onCancel}
          disabled={saving}
          aria-label="Back to saved replies"
          className="flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeftIcon className="size-4" />
        </button>
        <h3 className="text-sm font-semibold text-slate-900">{editing ? "Edit saved reply" : "New saved reply"}</h3>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        <Field id="reply-shortcut" label="Shortcut" error={shortcutError}>
          <Input
            id="reply-shortcut"
            autoFocus
            placeholder="e.g. greeting"
            maxLength={SHORTCUT_MAX_LENGTH}
            value={shortcut}
            disabled={saving}
            invalid={Boolean(shortcutError)}
            aria-describedby={shortcutError ? "reply-shortcut-error" : undefined}
            onChange={(event) => setShortcut(event.target.value)}
            onBlur={() => setShortcutTouched(shortcut.length > 0)}
          />
        </Field>
        <Field id="reply-message" label="Message" error={messageError} hint={VARIABLES_HINT}>
          <Textarea
            id="reply-message"
            ref={messageRef}
            rows={5}
            placeholder="The text to insert into the reply box"
            maxLength={REPLY_MESSAGE_MAX_LENGTH}
            className="resize-none"
            value={message}
            disabled={saving}
            invalid={Boolean(messageError)}
            aria-describedby={`${messageError ? "reply-message-error" : "reply-message-hint"} reply-message-counter`}
            onChange={(event) => setMessage(event.target.value)}
            onBlur={() => setMessageTouched(message.trim().length > 0)}
          />
        </Field>
        <p
          id="reply-message-counter"
          className={cn("-mt-1 text-right text-xs tabular-nums", message.length > REPLY_COUNTER_LIMIT ? "text-red-600" : "text-slate-500")}
        >
          {replyCounter(message)}
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
        <Button variant="secondary" size="sm" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!canSaveReply(shortcut, message)} pending={saving} pendingText={editing ? "Updating..." : "Saving..."}>
          {editing ? "Update" : "Save"}
        </Button>
      </div>
    </form>
  );
}
