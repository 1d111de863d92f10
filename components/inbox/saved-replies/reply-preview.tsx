import { Fragment } from "react";
import { previewReply, type ReplyContext } from "@/lib/inbox/reply-variables";

/**
 * A saved reply as it would read in the open conversation (PRODUCT §13.2): variables filled, each blank shown
 * by its name (or its answer, once given) on a tint, and said to be a blank for screen readers.
 */
export function ReplyPreview({ text, context, answers, className }: { text: string; context: ReplyContext; answers?: Record<string, string>; className?: string }) {
  return (
    <span className={className}>
      {previewReply(text, context, answers).map((piece, i) =>
        piece.blank ? (
          <span key={i} className="rounded bg-amber-100 px-1 text-amber-900">
            <span className="sr-only">blank: </span>
            {piece.text}
          </span>
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </span>
  );
}
