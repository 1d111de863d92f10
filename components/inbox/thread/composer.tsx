"use client";

import { useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { StagedImage } from "@/lib/hooks/use-staged-images";
import { SendIcon } from "@/components/ui/icons";
import { PaperclipIcon, RepliesIcon, ThumbsUpIcon } from "@/components/inbox/inbox-icons";
import { EmojiButton } from "@/components/inbox/thread/emoji-button";
import { StagedImages } from "@/components/inbox/thread/staged-images";
import { FilePickerButton } from "@/components/inbox/thread/send-file-button";
import { ReplySuggestions } from "@/components/inbox/saved-replies/reply-suggestions";
import { SavedRepliesPopover } from "@/components/inbox/saved-replies/saved-replies-popover";
import { ReplyBlanksDialog, type AskingReply } from "@/components/inbox/saved-replies/reply-blanks-dialog";
import { replyInsertText } from "@/lib/inbox/insert-reply";
import { fillReply, replyBlanks, type ReplyContext } from "@/lib/inbox/reply-variables";
import type { ApiSavedReply } from "@/lib/schemas/replies";

type Props = {
  pageId: string;
  /** The open conversation's names, for saved replies' variables (PRODUCT §13.2). */
  replyContext: ReplyContext;
  text: string;
  onText: (text: string) => void;
  images: StagedImage[];
  onAddFiles: (files: File[]) => void;
  onRemoveImage: (id: string) => void;
  onClearImages: () => void;
  onSend: () => void;
  onThumbsUp: () => void;
  disabled: boolean;
  /** The textarea's placeholder while disabled (default: the messaging window's). */
  closedText?: string;
  notice: ReactNode;
  /** More buttons for the toolbar (send-file-button.tsx), given the toolbar's button style. */
  tools?: (className: string) => ReactNode;
};

const TOOL = "flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:pointer-events-none disabled:opacity-40";

/**
 * The composer (PRODUCT §2, §5): suggestions above a three-row textarea; Enter sends text and staged images,
 * Shift+Enter adds a line; Send only with text; saved replies, attachment, emoji and thumbs-up.
 */
export function Composer({ pageId, replyContext, text, onText, images, onAddFiles, onRemoveImage, onClearImages, onSend, onThumbsUp, disabled, closedText, notice, tools }: Props) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hasText = text.trim().length > 0;
  const [asking, setAsking] = useState<AskingReply | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (hasText || images.length) onSend();
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files);
    if (files.some((f) => f.type.startsWith("image/"))) {
      event.preventDefault();
      onAddFiles(files);
    }
  }

  /** Inserts at the cursor (emoji) and puts the cursor after it. */
  function insertAtCursor(insert: string) {
    const el = inputRef.current;
    if (!el) return onText(text + insert);
    const start = el.selectionStart ?? text.length;
    const end = el.selectionEnd ?? text.length;
    onText(text.slice(0, start) + insert + text.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + insert.length, start + insert.length);
    });
  }

  function replaceWith(insert: string) {
    onText(insert);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  /** A chosen saved reply: the bullet rule (PRODUCT §5), then its variables filled, or its blanks asked for first (§13.2). */
  function pickReply(reply: ApiSavedReply) {
    const insert = replyInsertText(reply.message);
    const blanks = replyBlanks(insert);
    if (blanks.length) setAsking({ shortcut: reply.shortcut, text: insert, blanks });
    else replaceWith(fillReply(insert, replyContext));
  }

  return (
    <div className="space-y-2 border-t border-slate-200 bg-white px-3 pt-2 pb-3 sm:px-4">
      {notice}
      <StagedImages images={images} onRemove={onRemoveImage} onClear={onClearImages} onSend={onSend} disabled={disabled} />
      {!disabled && <ReplySuggestions pageId={pageId} text={text} context={replyContext} onPick={pickReply} />}
      <div className={cn("rounded-xl border bg-white shadow-xs transition-colors focus-within:border-indigo-500 focus-within:ring-4 focus-within:ring-indigo-500/15", disabled ? "border-slate-200 bg-slate-50" : "border-slate-300")}>
        <textarea
          ref={inputRef}
          data-shortcut="reply"
          rows={3}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          disabled={disabled}
          placeholder={disabled ? (closedText ?? "Replies are closed for this conversation") : "Type a message..."}
          aria-label="Message"
          maxLength={2000}
          className="block w-full resize-none rounded-t-xl bg-transparent px-3 pt-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed sm:text-sm"
        />
        <div className="flex items-center gap-0.5 px-1.5 pb-1.5">
          <SavedRepliesPopover pageId={pageId} context={replyContext} onSelect={pickReply}>
            <button type="button" data-shortcut="saved-replies" aria-label="Saved replies" title="Saved replies" disabled={disabled} className={TOOL}>
              <RepliesIcon className="size-5" />
            </button>
          </SavedRepliesPopover>
          <FilePickerButton
            label="Attach images"
            title="Attach images"
            accept="image/*"
            testId="image-input"
            icon={<PaperclipIcon className="size-5" />}
            onFiles={onAddFiles}
            disabled={disabled}
            className={TOOL}
          />
          {tools?.(TOOL)}
          <EmojiButton onPick={insertAtCursor} disabled={disabled} className={TOOL} />
          <button type="button" aria-label="Send thumbs up" title="Send 👍" disabled={disabled} onClick={onThumbsUp} className={TOOL}>
            <ThumbsUpIcon className="size-5" />
          </button>
          <span className="ml-auto" />
          {hasText && (
            <button type="button" onClick={onSend} disabled={disabled} className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-indigo-600 px-3.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-50">
              <SendIcon className="size-4" />
              Send
            </button>
          )}
        </div>
      </div>
      <ReplyBlanksDialog
        asking={asking}
        context={replyContext}
        onFill={(filled) => {
          setAsking(null);
          onText(filled);
        }}
        onClose={() => setAsking(null)}
        onDone={() => {
          // Back to writing, the caret after the inserted text, ready for Send.
          const el = inputRef.current;
          el?.focus();
          el?.setSelectionRange(el.value.length, el.value.length);
        }}
      />
    </div>
  );
}
