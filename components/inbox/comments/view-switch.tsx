import { cn } from "@/lib/cn";
import { MessageIcon } from "@/components/ui/icons";
import { PressedGroup } from "@/components/ui/pressed-group";
// Straight from its module: this file is in the first load, the view's other icons are not.
import CommentsIcon from "lucide-react/icons/message-circle";

export type InboxView = "conversations" | "comments";

const VIEWS: readonly InboxView[] = ["conversations", "comments"];
const VIEW_PARTS: Record<InboxView, { label: string; Icon: typeof MessageIcon }> = {
  conversations: { label: "Conversations", Icon: MessageIcon },
  comments: { label: "Comments", Icon: CommentsIcon },
};

/**
 * The selected Page's two halves (docs/PRODUCT.md §12): its private conversations and the comments under its
 * posts. Two pressed/unpressed buttons, not tabs: the page strip above already uses the tab pattern, and this
 * one switches what the whole inbox shows. Part of the first load, so it is only this: the view is lazy.
 */
export function ViewSwitch({ view, onView, className, commentsUnread = 0 }: { view: InboxView; onView: (view: InboxView) => void; className?: string; commentsUnread?: number }) {
  return (
    <PressedGroup
      label="Inbox view"
      options={VIEWS}
      pressed={view}
      onPress={onView}
      className={cn("flex gap-1 rounded-lg border border-slate-200 bg-slate-50 p-0.5", className)}
      buttonClassName={(_, on) =>
        cn(
          "flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
          on ? "bg-indigo-600 text-white shadow-sm" : "text-slate-600 hover:bg-white hover:text-slate-900",
        )
      }
    >
      {(v) => {
        const { label, Icon } = VIEW_PARTS[v];
        return (
          <>
            <Icon className="size-4" />
            {label}
            {/* The Page's customers' comments nobody has seen yet (docs/PRODUCT.md §12); the view marks those it shows read. */}
            {v === "comments" && commentsUnread > 0 && (
              <span data-testid="comments-unread" className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums">
                <span className="sr-only">, unread: </span>
                {commentsUnread}
              </span>
            )}
          </>
        );
      }}
    </PressedGroup>
  );
}
