import type { UiMessage } from "@/lib/inbox/ui-message";

/** Under a reply that failed: why (Meta's reason, or no confirmation came), and a Retry that sends it again. */
export function FailedReply({ message, onResend }: { message: UiMessage; onResend?: (message: UiMessage) => void }) {
  return (
    <p className="flex max-w-full items-baseline gap-2 px-1 text-[11px] text-red-600" role="status" data-testid="failed-reply">
      <span className="min-w-0">
        <span className="font-medium">Not sent</span>
        {message.errorMessage ? ` · ${message.errorMessage}` : ""}
      </span>
      {onResend && (
        <button type="button" onClick={() => onResend(message)} className="shrink-0 font-medium text-indigo-600 hover:underline">
          Retry
        </button>
      )}
    </p>
  );
}
