import { Fragment, memo } from "react";
import { cn } from "@/lib/cn";
import type { SenderGroup } from "@/lib/inbox/group-messages";
import { ConversationAvatar } from "@/components/inbox/conversation-avatar";
import { MessageBubble } from "@/components/inbox/thread/message-bubble";
import { MessageStatus } from "@/components/inbox/thread/message-status";
import { FailedReply } from "@/components/inbox/thread/failed-reply";
import { awaitingServer, type UiMessage } from "@/lib/inbox/ui-message";

/**
 * Consecutive messages of one sender within one minute, with the sender's name and time once. Memoised: the
 * virtualised thread re-renders its rows on every scroll frame.
 */
export const MessageGroup = memo(function MessageGroup({ group, customerAvatar, onMediaLoad, onResend }: { group: SenderGroup; customerAvatar: string | null; onMediaLoad: () => void; onResend?: (message: UiMessage) => void }) {
  if (group.system) return <SystemLine group={group} />;
  const mine = group.sender === "me";
  const last = group.messages.at(-1);
  return (
    <div className={cn("flex gap-2", mine ? "justify-end" : "justify-start")}>
      {!mine && <ConversationAvatar name={group.senderName} avatar={customerAvatar} size="sm" className="mt-5" />}
      <div className={cn("flex min-w-0 max-w-[85%] flex-col gap-1 sm:max-w-[75%]", mine ? "items-end" : "items-start")}>
        <span className="px-1 text-[11px] text-slate-500">
          <span className="font-medium text-slate-600">{group.senderName}</span> · {group.time}
        </span>
        {group.messages.map((message) => (
          <Fragment key={message.clientId ?? message.id}>
            <MessageBubble message={message} onMediaLoad={onMediaLoad} />
            {mine && failed(message) && <FailedReply message={message} onResend={awaitingServer(message) ? undefined : onResend} />}
          </Fragment>
        ))}
        {mine && last && !last.isVoilation && !failed(last) && <MessageStatus status={last.status} unconfirmed={last.status === "pending" && last.errorMessage !== null} />}
      </div>
    </div>
  );
});

/** A reply of ours that did not go out (a blocked one has its own red mark and dialog). */
const failed = (message: UiMessage) => message.status === "failed" && !message.isVoilation;

/** A customer's system event (opt-in, handover, feedback…): a quiet line, no bubble, no sender. */
function SystemLine({ group }: { group: SenderGroup }) {
  const message = group.messages[0];
  if (!message) return null;
  return (
    <p className="px-6 text-center text-[11px] leading-4 text-slate-500" data-testid="system-line" data-event={message.payload ?? undefined}>
      {message.text} · {group.time}
    </p>
  );
}
