import { cn } from "@/lib/cn";
import type { WindowNotice as Notice } from "@/lib/contract/messaging-window";
import { ClockIcon, LockIcon } from "@/components/ui/icons";

/** The messaging window above the composer: time left, 'Human agent reply', or why replies are closed. */
export function WindowNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  if (notice.state === "closed") {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-600">
        <LockIcon className="mt-px size-3.5 shrink-0" />
        <span>
          <span className="font-semibold text-slate-800">{notice.label}.</span> {notice.reason}
        </span>
      </p>
    );
  }
  return (
    <p className={cn("flex items-center gap-1.5 text-xs", notice.state === "open" ? "text-slate-500" : "text-amber-700")}>
      <ClockIcon className="size-3.5 shrink-0" />
      <span className="font-medium">{notice.label}</span>
      {notice.state === "human_agent" && <span className="truncate text-amber-700/80">· {notice.detail}</span>}
    </p>
  );
}
