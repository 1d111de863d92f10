import { policyPausedText } from "@/lib/admin/page-health";
import { LockIcon } from "@/components/ui/icons";

/** Above the composer while Meta blocks the page (messaging_policy_enforcement): sending is paused, with Meta's reason. */
export function PolicyNotice({ reason }: { reason: string | null }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800">
      <LockIcon className="mt-px size-3.5 shrink-0" />
      <span>{policyPausedText(reason)}</span>
    </p>
  );
}
