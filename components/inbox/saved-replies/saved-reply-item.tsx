"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState, type ReactNode } from "react";
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
  const choose = (action: () => void) => {
    setMenuOpen(false);
    action();
  };

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
              <MenuItem className="text-slate-700 hover:bg-slate-100" icon={<PencilIcon className="size-3.5" />} onClick={() => choose(onEdit)}>
                Edit
              </MenuItem>
              <MenuItem className="text-red-600 hover:bg-red-50" icon={<TrashIcon className="size-3.5" />} onClick={() => choose(onDelete)}>
                Delete
              </MenuItem>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </li>
  );
}

/** One of the reply's menu actions; the menu closes before the action runs (its dialog takes the focus). */
function MenuItem({ className, icon, onClick, children }: { className: string; icon: ReactNode; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className={`${MENU_ITEM} ${className}`} onClick={onClick}>
      {icon}
      {children}
    </button>
  );
}
