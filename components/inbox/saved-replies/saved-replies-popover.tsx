"use client";

import * as Popover from "@radix-ui/react-popover";
import { useRef, useState, type ReactNode } from "react";
import { SavedReplyForm } from "@/components/inbox/saved-replies/saved-reply-form";
import { SavedReplyList } from "@/components/inbox/saved-replies/saved-reply-list";
import { useSavedReplyActions } from "@/components/inbox/saved-replies/use-saved-reply-actions";
import { useSavedReplies } from "@/lib/hooks/use-saved-replies";
import type { ReplyContext } from "@/lib/inbox/reply-variables";
import type { ApiSavedReply } from "@/lib/schemas/replies";

type Mode = { name: "list" } | { name: "create" } | { name: "edit"; reply: ApiSavedReply };

/**
 * The saved replies popover (PRODUCT §2, §4 modes list/create/edit): 500px wide, opening above its trigger.
 * `children` is the trigger: one element that accepts a ref and props (e.g. a <button> or our Button).
 * Items preview their text for the open conversation (`context`, PRODUCT §13.2). Choosing a reply hands it to
 * `onSelect` (which applies the bullet rule of PRODUCT §5 and asks for blanks) and closes the popover;
 * closing it any way (outside click, Esc) resets it to the list with an empty search.
 */
export function SavedRepliesPopover({
  pageId,
  context,
  onSelect,
  children,
}: {
  pageId: string;
  context: ReplyContext;
  onSelect: (reply: ApiSavedReply) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>({ name: "list" });
  const [search, setSearch] = useState("");
  // A chosen reply takes the keyboard elsewhere (the composer, or the blanks dialog): focus must not go back to the trigger.
  const picked = useRef(false);
  const replies = useSavedReplies(pageId || null);
  const actions = useSavedReplyActions(pageId);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setMode({ name: "list" });
      setSearch("");
    }
  }

  async function save(fields: { shortcut: string; message: string }) {
    const saved = await actions.save(mode.name === "edit" ? mode.reply : null, fields);
    if (saved) setMode({ name: "list" });
  }

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Saved replies"
          onCloseAutoFocus={(event) => {
            if (picked.current) event.preventDefault();
            picked.current = false;
          }}
          className="z-40 flex h-[450px] max-h-[var(--radix-popover-content-available-height)] w-[500px] max-w-[calc(100vw-16px)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl focus:outline-none data-[state=open]:animate-pop-in"
        >
          {mode.name === "list" ? (
            <SavedReplyList
              replies={replies.data}
              error={replies.error}
              loading={replies.isLoading}
              onRetry={() => void replies.mutate()}
              search={search}
              onSearchChange={setSearch}
              onAdd={() => setMode({ name: "create" })}
              context={context}
              onSelect={(reply) => {
                picked.current = true;
                onSelect(reply);
                changeOpen(false);
              }}
              onEdit={(reply) => setMode({ name: "edit", reply })}
              onDelete={actions.remove}
            />
          ) : (
            <SavedReplyForm
              key={mode.name === "edit" ? mode.reply._id || mode.reply.id : "create"}
              editing={mode.name === "edit" ? mode.reply : null}
              saving={actions.saving}
              onSave={(fields) => void save(fields)}
              onCancel={() => setMode({ name: "list" })}
            />
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
