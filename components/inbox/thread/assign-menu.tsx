"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/components/auth/auth-provider";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { ConversationListItem } from "@/lib/inbox/types";
import { avatarColor, initialsFromName } from "@/lib/inbox/initials";
import { AssignChoices } from "@/components/inbox/assign-choices";
import { assignConversation, assignRights, saveInboxSettings, useInboxSettings, usePageAgents } from "@/lib/hooks/use-ownership";

type Props = { conversation: ConversationListItem; onChange: (item: ConversationListItem) => void };

const BUTTON = "inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/**
 * Ownership in the thread header (beyond the spec): "Assign to me" in one click (key `a`), and a menu to
 * reassign (admins), give back, and for admins the page's auto-assign setting.
 */
export function AssignMenu({ conversation, onChange }: Props) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const agents = usePageAgents(open ? conversation.page_id : null);
  if (!user) return null;
  const assignee = conversation.assignee ?? null;
  const rights = assignRights(user.role, user.id, assignee?._id ?? null);

  async function assign(assigneeId: string | null) {
    setBusy(true);
    try {
      onChange(await assignConversation(conversation, assigneeId));
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to assign the conversation, please try again"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex shrink-0 items-center gap-1.5">
      {rights.takeForMe && (
        <button type="button" data-shortcut="assign-me" disabled={busy} onClick={() => void assign(user.id)} title="Assign to me (a)" className={cn(BUTTON, "bg-sky-700 text-white ring-sky-700 hover:bg-sky-800 max-sm:px-2")}>
          <span className="sm:hidden" aria-hidden="true">
            +Me
          </span>
          <span className="max-sm:sr-only">Assign to me</span>
        </button>
      )}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          aria-label={assignee ? `Assigned to ${assignee.name}` : "Unassigned"}
          title={assignee ? `Assigned to ${assignee.name}` : "Unassigned"}
          className={cn(BUTTON, "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50")}
        >
          {assignee ? (
            <>
              <span aria-hidden="true" className={cn("flex size-6 items-center justify-center rounded-full text-[10px] font-semibold", avatarColor(assignee._id))}>
                {initialsFromName(assignee.name)}
              </span>
              <span className="max-w-24 truncate max-lg:sr-only">{assignee.name}</span>
            </>
          ) : (
            <span className="text-slate-500">
              <span className="lg:hidden" aria-hidden="true">
                —
              </span>
              <span className="max-lg:sr-only">Unassigned</span>
            </span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="end" sideOffset={6} collisionPadding={8} className="z-50 w-64 animate-pop-in rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-lg">
            <AssignChoices
              assignee={assignee && { id: assignee._id, name: assignee.name }}
              nobody="Nobody owns this conversation"
              agents={agents}
              rights={rights}
              userId={user.id}
              busy={busy}
              onAssign={(id) => void assign(id)}
            />
            {rights.manager && <AutoAssignToggle pageId={conversation.page_id} />}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

/** The page's auto-assign setting (admins): a new conversation goes to the agent who replies first. */
function AutoAssignToggle({ pageId }: { pageId: string }) {
  const settings = useInboxSettings(pageId);
  const on = settings.data?.autoAssign ?? false;
  return (
    <label className="mt-2 flex items-start gap-2 border-t border-slate-100 px-2 pt-2 text-xs text-slate-600">
      <input
        type="checkbox"
        checked={on}
        disabled={!settings.data}
        onChange={async (event) => {
          const autoAssign = event.target.checked;
          try {
            await settings.mutate(saveInboxSettings({ pageId, autoAssign }), { optimisticData: { pageId, autoAssign }, rollbackOnError: true });
          } catch (error) {
            toast.error(errorMessage(error, "Failed to save the setting, please try again"));
          }
        }}
        className="mt-0.5 size-4 accent-indigo-600"
      />
      <span>Auto-assign new conversations on this page to the agent who replies first</span>
    </label>
  );
}
