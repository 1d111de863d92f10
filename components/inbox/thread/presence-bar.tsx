import { cn } from "@/lib/cn";
import { avatarColor, initialsFromName } from "@/lib/inbox/initials";
import { typingText, viewingText } from "@/lib/inbox/collision";
import type { Viewer } from "@/lib/hooks/use-conversation-presence";

/** In the thread header: the other agents who have this conversation open (collision detection). */
export function ViewersBadge({ viewers }: { viewers: Viewer[] }) {
  const text = viewingText(viewers);
  if (!text) return null;
  return (
    <span role="status" title={text} className="flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 py-0.5 pr-2 pl-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
      <span className="flex -space-x-1.5" aria-hidden="true">
        {viewers.slice(0, 3).map((v) => (
          <span key={v.userId} className={cn("flex size-5 items-center justify-center rounded-full text-[9px] font-semibold ring-2 ring-white", avatarColor(v.userId))}>
            {initialsFromName(v.name)}
          </span>
        ))}
      </span>
      <span className="max-w-40 truncate sm:max-md:sr-only">{text}</span>
    </span>
  );
}

/** Above the composer: "Tom is typing…". The line keeps its height so the thread does not jump. */
export function TypingLine({ viewers }: { viewers: Viewer[] }) {
  const text = typingText(viewers);
  return (
    <p aria-live="polite" className="h-5 shrink-0 truncate bg-slate-50 px-4 text-xs text-slate-500 italic">
      {text}
    </p>
  );
}
