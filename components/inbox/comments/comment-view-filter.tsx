import { cn } from "@/lib/cn";
import { COMMENT_VIEWS, type CommentView } from "@/lib/schemas/comments";
import { COMMENT_VIEW_LABELS } from "@/lib/inbox/comment-views";
import { PressedGroup } from "@/components/ui/pressed-group";

/**
 * The comments view's filters (docs/PRODUCT.md §12): Open (the default), Mine, Unassigned, Done, Snoozed. One
 * pressed button at a time, like the Conversations / Comments switch; they wrap on a phone rather than scroll.
 */
export function CommentViewFilter({ view, onView }: { view: CommentView; onView: (view: CommentView) => void }) {
  return (
    <PressedGroup
      label="Filter comments"
      options={COMMENT_VIEWS}
      pressed={view}
      onPress={onView}
      className="flex flex-wrap gap-1"
      buttonClassName={(_, on) =>
        cn(
          "h-8 rounded-full px-3 text-[13px] font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
          on ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50",
        )
      }
    >
      {(v) => COMMENT_VIEW_LABELS[v]}
    </PressedGroup>
  );
}
