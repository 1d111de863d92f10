"use client";

import { useState } from "react";
import { REPLY_TEXTS } from "@/components/inbox/saved-replies/reply-rules";
import { SavedReplyItem } from "@/components/inbox/saved-replies/saved-reply-item";
import { Button } from "@/components/ui/button";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { PlusIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { SpinnerIcon } from "@/components/ui/spinner";
import { searchReplies } from "@/lib/inbox/insert-reply";
import type { ReplyContext } from "@/lib/inbox/reply-variables";
import type { ApiSavedReply } from "@/lib/schemas/replies";

/** The popover's list mode: search, 'Add new', the (filtered) replies and their states. */
export function SavedReplyList({
  replies,
  error,
  loading,
  onRetry,
  search,
  onSearchChange,
  onAdd,
  context,
  onSelect,
  onEdit,
  onDelete,
}: {
  replies: ApiSavedReply[] | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  onAdd: () => void;
  context: ReplyContext;
  onSelect: (reply: ApiSavedReply) => void;
  onEdit: (reply: ApiSavedReply) => void;
  onDelete: (reply: ApiSavedReply) => Promise<void>;
}) {
  const [toDelete, setToDelete] = useState<ApiSavedReply | null>(null);
  const shown = replies ? searchReplies(replies, search) : [];

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pt-3 pb-2">
        <h3 className="text-sm font-semibold text-slate-900">Saved replies</h3>
        <Button size="sm" variant="secondary" onClick={onAdd}>
          <PlusIcon className="size-4" />
          Add new
        </Button>
      </div>
      <div className="relative px-4 pb-2">
        <Input
          type="search"
          autoFocus
          aria-label="Search saved replies"
          placeholder="Search saved replies..."
          className="h-9 pr-9 text-sm [&::-webkit-search-cancel-button]:hidden"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
        {search && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onSearchChange("")}
            className="absolute top-1/2 right-6 flex size-6 -translate-y-[calc(50%+4px)] items-center justify-center rounded text-slate-400 hover:text-slate-700"
          >
            <XIcon className="size-3.5" />
          </button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto border-t border-slate-100 px-2 py-2">
        {error && !replies ? (
          <div role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
            <p className="text-sm font-medium text-red-600">{REPLY_TEXTS.loadFailed}</p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : loading && !replies ? (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
            <SpinnerIcon className="size-4 text-indigo-600" />
            {REPLY_TEXTS.loading}
          </p>
        ) : shown.length === 0 ? (
          <div className="py-10 text-center">
            <p className="text-sm font-medium text-slate-700">{REPLY_TEXTS.emptyTitle}</p>
            <p className="mt-1 text-xs text-slate-500">{REPLY_TEXTS.emptyHint}</p>
          </div>
        ) : (
          <ul aria-label="Saved replies" className="space-y-0.5">
            {shown.map((reply) => (
              <SavedReplyItem
                key={reply._id || reply.id}
                reply={reply}
                context={context}
                onSelect={() => onSelect(reply)}
                onEdit={() => onEdit(reply)}
                onDelete={() => setToDelete(reply)}
              />
            ))}
          </ul>
        )}
      </div>
      <DeleteConfirmation
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        item={toDelete ? `the saved reply "${toDelete.shortcut}"` : "this saved reply"}
        onConfirm={() => (toDelete ? onDelete(toDelete) : undefined)}
      />
    </div>
  );
}
