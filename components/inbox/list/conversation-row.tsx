import { memo } from "react";
import { cn } from "@/lib/cn";
import type { ConversationUi } from "@/lib/inbox/conversation-ui";
import { ConversationAvatar } from "@/components/inbox/conversation-avatar";
import { HighlightedText } from "@/components/inbox/highlighted-text";
import { DoneIcon, SnoozeIcon, SpamIcon, StarIcon } from "@/components/inbox/inbox-icons";
import { ImageIcon } from "@/components/ui/icons";
import { RowTags } from "@/components/inbox/list/row-tags";
import { AssigneeBadge } from "@/components/inbox/list/assignee-badge";
import { ChannelBadge } from "@/components/inbox/channel-badge";
import { DueBadge } from "@/components/inbox/due-badge";

export const ROW_HEIGHT = 80;

type Props = { row: ConversationUi; search: string; onOpen: (id: string) => void; cursor?: boolean };

/** One conversation in the list (PRODUCT §2): avatar, name, last message, time, unread badge, tags, flags. */
export const ConversationRow = memo(function ConversationRow({ row, search, onOpen, cursor = false }: Props) {
  const unread = row.unread > 0;
  return (
    <button
      type="button"
      onClick={() => onOpen(row.id)}
      data-row-id={row.id}
      aria-current={row.isSelected ? "true" : undefined}
      data-new={row.isNewMessage || undefined}
      data-cursor={cursor || undefined}
      className={cn(
        "flex w-full items-center gap-3 border-l-[3px] px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
        cursor && "ring-2 ring-indigo-400 ring-inset",
        row.isSelected ? "border-indigo-600 bg-indigo-50" : row.isNewMessage ? "border-sky-400 bg-sky-50/70 hover:bg-sky-50" : "border-transparent hover:bg-slate-50",
      )}
      style={{ height: ROW_HEIGHT }}
    >
      <ConversationAvatar name={row.name} avatar={row.avatar.imageUrl} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-1.5">
          <span className={cn("min-w-0 flex-1 truncate text-sm", unread ? "font-semibold text-slate-900" : "font-medium text-slate-800")}>
            <HighlightedText text={row.name} query={search} />
          </span>
          <ChannelBadge channel={row.channel} />
          {row.isImportant && (
            <span title="Important" className="shrink-0">
              <StarIcon className="size-3.5 fill-amber-400 text-amber-500" />
              <span className="sr-only">Important</span>
            </span>
          )}
          {row.isSpam && (
            <span title="Spam" className="shrink-0">
              <SpamIcon className="size-3.5 text-red-500" />
              <span className="sr-only">Spam</span>
            </span>
          )}
          {row.status === "done" && (
            <span title="Done" className="shrink-0">
              <DoneIcon className="size-3.5 text-emerald-600" />
              <span className="sr-only">Done</span>
            </span>
          )}
          {row.status === "snoozed" && (
            <span title="Snoozed" className="shrink-0">
              <SnoozeIcon className="size-3.5 text-violet-600" />
              <span className="sr-only">Snoozed</span>
            </span>
          )}
          <time className={cn("shrink-0 text-[11px] tabular-nums", unread ? "font-semibold text-indigo-600" : "text-slate-500")}>{row.timestamp}</time>
        </span>
        <span className="flex items-center gap-2">
          <span className={cn("flex min-w-0 flex-1 items-center gap-1 truncate text-[13px]", unread ? "text-slate-800" : "text-slate-500")}>
            {row.isImage && (
              <>
                <ImageIcon className="size-3.5 shrink-0" />
                <span className="sr-only">Image</span>
              </>
            )}
            <span className="truncate">
              {row.snippet && search ? (
                <HighlightedText text={row.snippet} query={search} />
              ) : row.lastMessage ? (
                <HighlightedText text={row.lastMessage} query={search} />
              ) : row.isImage ? (
                "Photo"
              ) : (
                ""
              )}
            </span>
          </span>
          {row.due && <DueBadge dueAt={row.due.at} target={row.due.target} pageId={row.due.pageId} />}
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white tabular-nums">
              {row.unread > 99 ? "99+" : row.unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
        {(row.visibleTags.length > 0 || row.assignee) && (
          <span className="flex h-[18px] items-center gap-1">
            <span className="min-w-0 flex-1">{row.visibleTags.length > 0 && <RowTags visible={row.visibleTags} hidden={row.hiddenTags} />}</span>
            {row.assignee && <AssigneeBadge name={row.assignee.name} initials={row.assignee.initials} color={row.assignee.color} />}
          </span>
        )}
      </span>
    </button>
  );
});
