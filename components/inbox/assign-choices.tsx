"use client";

import { cn } from "@/lib/cn";
import { avatarColor, initialsFromName } from "@/lib/inbox/initials";
import type { assignRights, usePageAgents } from "@/lib/hooks/use-ownership";

/**
 * The body of an assign menu, for a conversation (thread/assign-menu.tsx) or a comment
 * (comments/comment-work.tsx): who has it, the Page's agents to give it to (for those who may reassign),
 * and Unassign — only what `rights` (assignRights) says works.
 */
export function AssignChoices(props: {
  assignee: { id: string; name: string } | null;
  /** "Nobody owns this conversation" / "Nobody has this comment". */
  nobody: string;
  agents: ReturnType<typeof usePageAgents>;
  rights: ReturnType<typeof assignRights>;
  userId: string;
  busy: boolean;
  onAssign: (assigneeId: string | null) => void;
}) {
  const { assignee, rights, agents, busy, onAssign } = props;
  return (
    <>
      <p className="px-2 pt-1 pb-2 text-xs font-medium text-slate-500">{assignee ? `Assigned to ${assignee.name}` : props.nobody}</p>
      {rights.manager && (
        <ul aria-label="Assign to" className="max-h-56 overflow-y-auto">
          {(agents.data ?? []).map((agent) => (
            <li key={agent._id}>
              <button type="button" disabled={busy || agent._id === assignee?.id} onClick={() => onAssign(agent._id)} className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-slate-50 disabled:opacity-50">
                <span aria-hidden="true" className={cn("flex size-6 items-center justify-center rounded-full text-[10px] font-semibold", avatarColor(agent._id))}>
                  {initialsFromName(agent.name)}
                </span>
                <span className="min-w-0 flex-1 truncate">{agent.name}</span>
                {agent._id === props.userId && <span className="text-xs text-slate-500">you</span>}
              </button>
            </li>
          ))}
          {agents.isLoading && <li className="px-2 py-1.5 text-slate-500">Loading agents...</li>}
        </ul>
      )}
      {!rights.manager && !rights.takeForMe && !rights.unassign && <p className="px-2 py-1.5 text-slate-500">An admin can reassign it.</p>}
      {rights.unassign && (
        <button type="button" disabled={busy} onClick={() => onAssign(null)} className="mt-1 w-full rounded-md px-2 py-1.5 text-left text-red-700 hover:bg-red-50">
          Unassign
        </button>
      )}
    </>
  );
}
