import { ClockIcon } from "@/components/ui/icons";
import { CheckCheckIcon } from "@/components/inbox/inbox-icons";
import { CheckIcon } from "@/components/ui/icons";
import type { MessageStatus as Status } from "@/lib/inbox/ui-message";

const TEXT: Partial<Record<Status, string>> = { pending: "Sending", sent: "Sent", delivered: "Delivered", read: "Seen", blocked: "Blocked", failed: "Failed" };

/**
 * Delivery state of one of our messages: sending, sent, delivered, seen. `unconfirmed`: still pending after
 * the Send API's answer was lost — Meta may have it; its echo (or, failing that, the sweep) decides.
 */
export function MessageStatus({ status, unconfirmed = false }: { status: Status; unconfirmed?: boolean }) {
  const label = unconfirmed ? "Waiting for Facebook" : TEXT[status];
  if (!label) return null;
  return (
    <span className="inline-flex items-center gap-0.5 text-[11px] text-slate-400" title={label}>
      {status === "pending" ? <ClockIcon className="size-3" /> : status === "sent" ? <CheckIcon className="size-3" /> : status === "delivered" || status === "read" ? <CheckCheckIcon className={status === "read" ? "size-3 text-indigo-500" : "size-3"} /> : null}
      <span className={status === "blocked" || status === "failed" ? "text-red-500" : undefined}>{label}</span>
    </span>
  );
}
