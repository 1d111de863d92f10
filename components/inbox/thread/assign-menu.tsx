"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/components/auth/auth-provider";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { avatarColor, initialsFromName } from "@/lib/inbox/initials";
import type { ConversationListItem } from "@/lib/inbox/types";
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
            <p className="px-2 pt-1 pb-2 text-xs font-medium text-slate-500">{assignee ? `Assigned to ${assignee.name}` : "Nobody owns this conversation"}</p>
            {rights.manager && (
              <ul aria-label="Assign to" className="max-h-56 overflow-y-auto">
                {(agents.data ?? []).map((agent) => (
                  <li key={agent._id}>
                    <button
                      type="button"
                      disabled={busy || agent._id === assignee?._id}
                      onClick={() => void assign(agent._id)}
                      className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-slate-50 disabled:opacity-50"
                    >
                      <span aria-hidden="true" className={cn("flex size-6 items-center justify-center rounded-full text-[10px] font-semibold", avatarColor(agent._id))}>
                        {initialsFromName(agent.name)}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{agent.name}</span>
                      {agent._id === user.id && <span className="text-xs text-slate-400">you</span>}
                    </button>
                  </li>
                ))}
                {agents.isLoading && <li className="px-2 py-1.5 text-slate-500">Loading agents...</li>}
              </ul>
            )}
            {!rights.manager && !rights.takeForMe && !rights.unassign && <p className="px-2 py-1.5 text-slate-500">An admin can reassign it.</p>}
            {rights.unassign && (
              <button type="button" disabled={busy} onClick={() => void assign(null)} className="mt-1 w-full rounded-md px-2 py-1.5 text-left text-red-600 hover:bg-red-50">
                Unassign
              </button>
            )}
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
