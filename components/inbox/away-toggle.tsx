"use client";

import { toast } from "@/lib/toast";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/api/client";
import { saveAway, useAway } from "@/lib/hooks/use-fair-queue";

/**
 * In the inbox header: the agent's own "Away" (docs/PRODUCT.md §13.4). Away, the fair queue gives them no new
 * conversations; what they own stays theirs. Shows the state as text, so it never hides behind an icon.
 */
export function AwayToggle() {
  const away = useAway(true);
  const isAway = away.data?.away ?? false;
  async function toggle() {
    try {
      await away.mutate(saveAway(!isAway), { optimisticData: { away: !isAway }, rollbackOnError: true });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to change your status, please try again"));
    }
  }
  return (
    <button
      type="button"
      aria-pressed={isAway}
      disabled={!away.data}
      onClick={() => void toggle()}
      title={isAway ? "You are away: the fair queue gives you no new conversations. Click to be available." : "You are available. Click to set yourself away."}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600",
        isAway ? "bg-amber-50 text-amber-800 ring-amber-300 hover:bg-amber-100" : "bg-emerald-50 text-emerald-800 ring-emerald-300 hover:bg-emerald-100",
      )}
    >
      <span aria-hidden className={cn("size-2 rounded-full", isAway ? "bg-amber-500" : "bg-emerald-500")} />
      {isAway ? "Away" : "Available"}
    </button>
  );
}
