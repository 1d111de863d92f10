"use client";

import { useSavedReplies } from "@/lib/hooks/use-saved-replies";
import { ReplyPreview } from "@/components/inbox/saved-replies/reply-preview";
import { matchReplies } from "@/lib/inbox/insert-reply";
import type { ReplyContext } from "@/lib/inbox/reply-variables";
import type { ApiSavedReply } from "@/lib/schemas/replies";

/**
 * Saved-reply suggestions above the composer (PRODUCT §2 Thread pane, §5 Messages): the replies whose title
 * contains the typed text, case-insensitively; nothing at all without a match. Each previews its text for the
 * open conversation (PRODUCT §13.2); choosing one hands it to `onPick`. Scrolls beyond 4 items (max 340px).
 */
export function ReplySuggestions({ pageId, text, context, onPick }: { pageId: string; text: string; context: ReplyContext; onPick: (reply: ApiSavedReply) => void }) {
  const { data } = useSavedReplies(pageId || null);
  const matches = data ? matchReplies(data, text) : [];
  if (matches.length === 0) return null;

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
      <p className="border-b border-slate-100 px-3 py-1.5 text-xs font-medium text-slate-500">Saved replies</p>
      <ul aria-label="Saved reply suggestions" className="max-h-[340px] overflow-y-auto py-1">
        {matches.map((reply) => (
          <li key={reply._id || reply.id}>
            <button
              type="button"
              // Keep the composer focused: choosing a suggestion should not blur the textarea first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(reply)}
              className="block w-full px-3 py-2 text-left hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-none"
            >
              <span className="block truncate text-sm font-semibold text-slate-900">{reply.shortcut}</span>
              <ReplyPreview text={reply.message} context={context} className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
