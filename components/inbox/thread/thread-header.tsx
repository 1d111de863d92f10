import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { ConversationListItem } from "@/lib/inbox/types";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { ConversationAvatar } from "@/components/inbox/conversation-avatar";
import { PanelRightIcon, SpamIcon, StarIcon } from "@/components/inbox/inbox-icons";
import { ChannelBadge } from "@/components/inbox/channel-badge";
import { DueBadge } from "@/components/inbox/due-badge";
import { THREAD_HEADER_HEIGHT_VAR } from "@/lib/inbox/constants";
import { useHeightVariable } from "@/lib/hooks/use-height-variable";

type Props = {
  conversation: ConversationListItem | null;
  /** 'Active now' / 'Active 2h ago'; null until the thread has loaded (a skeleton shows). */
  activity: string | null;
  busy: "important" | "spam" | null;
  onToggleImportant: () => void;
  onToggleSpam: () => void;
  onBack: () => void;
  onOpenDetails: (() => void) | null;
  /** Team controls beside the flags (ownership, who else is here); beyond the spec. */
  extra?: ReactNode;
};

const TOGGLE = "flex size-9 items-center justify-center rounded-lg ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/** The thread header (PRODUCT §2): avatar, name, status, importance and spam toggles. */
export function ThreadHeader({ conversation, activity, busy, onToggleImportant, onToggleSpam, onBack, onOpenDetails, extra }: Props) {
  // On a phone the list is hidden when a conversation opens, taking the focused row with it: focus goes
  // to the back button, so the keyboard carries on inside the thread instead of at the top of the page.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || (focused instanceof HTMLElement && !focused.checkVisibility())) backRef.current?.focus();
  }, []);
  const rootRef = useHeightVariable(THREAD_HEADER_HEIGHT_VAR);
  return (
    // The team controls (viewers, thread control, owner, Done, Snooze) need ~40rem: they share the line with
    // the name only when the pane is wide enough (a container query, since the pane's width depends on the
    // panels beside it, not on the window); otherwise they take a second line, and the name keeps its room.
    <div ref={rootRef} className="@container shrink-0 border-b border-slate-200 bg-white">
      <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1.5 px-2 py-2 sm:px-4 @min-[60rem]:h-16 @min-[60rem]:flex-nowrap @min-[60rem]:py-0">
        <button ref={backRef} type="button" onClick={onBack} aria-label="Back to conversations" className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden">
          <ArrowLeftIcon className="size-5" />
        </button>
        {conversation ? (
          <>
            <ConversationAvatar name={conversation.from_name} avatar={conversation.avatar} />
            <div className="min-w-0 flex-1 basis-24">
              <h2 className="truncate text-sm font-semibold text-slate-900 sm:text-base">{conversation.from_name}</h2>
              {activity ? (
                <p className="flex items-center gap-1.5 text-xs text-slate-500">
                  <span aria-hidden="true" className={cn("size-2 rounded-full", activity === "Active now" ? "bg-emerald-500" : "bg-slate-300")} />
                  {activity}
                  {/* On the status line, not beside the name: the team controls leave the name little room. */}
                  <ChannelBadge channel={conversation.channel} />
                  <DueBadge dueAt={conversation.response_due_at} target={conversation.response_target} pageId={conversation.page_id} />
                </p>
              ) : (
                <span className="mt-1 block h-3 w-20 animate-pulse rounded bg-slate-100" aria-hidden="true" />
              )}
            </div>
            {extra && <div className="order-last flex basis-full flex-wrap items-center gap-2 max-md:pl-[5.75rem] @min-[60rem]:order-none @min-[60rem]:basis-auto">{extra}</div>}
            <FlagToggle
              label="Important"
              shortcut="important"
              on={conversation.is_important}
              title={conversation.is_important ? "Unmark important" : "Mark important"}
              onClass="bg-amber-50 text-amber-500 ring-amber-200"
              disabled={busy !== null}
              onClick={onToggleImportant}
            >
              <StarIcon className={cn("size-4", conversation.is_important && "fill-amber-400")} />
            </FlagToggle>
            <FlagToggle label="Spam" on={conversation.is_spam} title={conversation.is_spam ? "Not spam" : "Mark as spam"} onClass="bg-red-50 text-red-600 ring-red-200" disabled={busy !== null} onClick={onToggleSpam}>
              <SpamIcon className="size-4" />
            </FlagToggle>
            {onOpenDetails && (
              <button type="button" onClick={onOpenDetails} aria-label="Labels and notes" title="Labels and notes" className={cn(TOGGLE, "text-slate-500 ring-slate-200 hover:bg-slate-50")}>
                <PanelRightIcon className="size-4" />
              </button>
            )}
          </>
        ) : (
          <div className="flex flex-1 items-center gap-3" aria-hidden="true">
            <span className="size-10 animate-pulse rounded-full bg-slate-100" />
            <span className="flex flex-col gap-1.5">
              <span className="h-3.5 w-32 animate-pulse rounded bg-slate-100" />
              <span className="h-3 w-20 animate-pulse rounded bg-slate-100" />
            </span>
          </div>
        )}
      </div>
    </div>
  );
}

/** A flag's toggle button (important, spam): pressed while the flag is on. */
function FlagToggle({ label, shortcut, on, title, onClass, disabled, onClick, children }: { label: string; shortcut?: string; on: boolean; title: string; onClass: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" data-shortcut={shortcut} aria-pressed={on} aria-label={label} title={title} disabled={disabled} onClick={onClick} className={cn(TOGGLE, on ? onClass : "text-slate-400 ring-slate-200 hover:bg-slate-50 hover:text-slate-600")}>
      {children}
    </button>
  );
}
