"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { SendIcon } from "@/components/ui/icons";
import { COMMENT_REPLY_MAX_LENGTH } from "@/lib/schemas/comments";

/**
 * An answer to a comment, written under it: a labelled textarea, Send and Cancel. Ctrl/⌘+Enter sends (Enter
 * alone is a new line: a public answer is often more than one). `onSend` answers whether it went, so a
 * refused answer keeps its text for the agent to fix.
 */
export function ReplyForm({ label, helper, placeholder, sendLabel, onSend, onCancel, onTyping }: { label: string; helper?: string; placeholder: string; sendLabel: string; onSend: (text: string) => Promise<boolean>; onCancel: () => void; onTyping?: (active: boolean) => void }) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  // Opened by a button: the agent's next keystroke goes into the box.
  useEffect(() => ref.current?.focus(), []);
  // A closed form (sent, cancelled, or the view left) is no longer being written.
  const typingRef = useRef(onTyping);
  useEffect(() => {
    typingRef.current = onTyping;
  });
  useEffect(() => () => typingRef.current?.(false), []);

  async function send() {
    if (!text.trim() || sending) return;
    setSending(true);
    const sent = await onSend(text.trim());
    // A sent form is closed by its owner; only a refused one is still here to be re-enabled.
    if (!sent) setSending(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    } else if (event.key === "Escape" && !sending) {
      event.stopPropagation();
      onCancel();
    }
  }

  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onTyping?.(event.target.value.trim() !== "");
        }}
        onKeyDown={onKeyDown}
        maxLength={COMMENT_REPLY_MAX_LENGTH}
        rows={2}
        placeholder={placeholder}
        aria-describedby={helper ? `${id}-helper` : undefined}
        disabled={sending}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:bg-slate-50"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {helper && (
          <p id={`${id}-helper`} className="mr-auto min-w-0 basis-full text-xs text-slate-600 sm:basis-auto sm:flex-1">
            {helper}
          </p>
        )}
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={sending} pendingText="Sending..." disabled={!text.trim()}>
          <SendIcon className="size-3.5" />
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
