"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { MoreIcon, PencilIcon, TrashIcon } from "@/components/ui/icons";
import { ReplyPreview } from "@/components/inbox/saved-replies/reply-preview";
import type { ReplyContext } from "@/lib/inbox/reply-variables";
import type { ApiSavedReply } from "@/lib/schemas/replies";

const MENU_ITEM =
  "flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600";

/** One saved reply: click to select it; the ⋯ menu has Edit and Delete. Title and message (previewed for the open conversation) render as text. */
export function SavedReplyItem({
  reply,
  context,
  onSelect,
  onEdit,
  onDelete,
}: {
  reply: ApiSavedReply;
  context: ReplyContext;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <li className="group relative rounded-lg hover:bg-slate-50 focus-within:bg-slate-50">
      <button type="button" onClick={onSelect} className="block w-full rounded-lg py-2.5 pr-11 pl-3 text-left focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span className="block truncate text-sm font-semibold text-slate-900">{reply.shortcut}</span>
        <ReplyPreview text={reply.message} context={context} className="mt-0.5 line-clamp-2 block text-sm break-words whitespace-pre-line text-slate-600" />
      </button>
      <Popover.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <Popover.Trigger
          aria-label={`More options for ${reply.shortcut}`}
          className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-200/70"
        >
          <MoreIcon className="size-4" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={4}
            className="z-50 w-36 rounded-lg border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-pop-in"
          >
            <div role="menu" aria-label={`Options for ${reply.shortcut}`}>
              <button
                type="button"
                role="menuitem"
                className={`${MENU_ITEM} text-slate-700 hover:bg-slate-100`}
                onClick={() => {
                  setMenuOpen(false);
                  onEdit();
                }}
              >
                <PencilIcon className="size-3.5" />
                Edit
              </button>
              <button
                type="button"
                role="menuitem"
                className={`${MENU_ITEM} text-red-600 hover:bg-red-50`}
                onClick={() => {
                  setMenuOpen(false);
                  onDelete();
                }}
              >
                <TrashIcon className="size-3.5" />
                Delete
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </li>
  );
}
