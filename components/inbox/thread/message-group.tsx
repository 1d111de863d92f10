import { memo } from "react";
import { cn } from "@/lib/cn";
import type { SenderGroup } from "@/lib/inbox/group-messages";
import { ConversationAvatar } from "@/components/inbox/conversation-avatar";
import { MessageBubble } from "@/components/inbox/thread/message-bubble";
import { MessageStatus } from "@/components/inbox/thread/message-status";

/**
 * Consecutive messages of one sender within one minute, with the sender's name and time once. Memoised: the
 * virtualised thread re-renders its rows on every scroll frame.
 */
export const MessageGroup = memo(function MessageGroup({ group, customerAvatar, onMediaLoad }: { group: SenderGroup; customerAvatar: string | null; onMediaLoad: () => void }) {
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
          <MessageBubble key={message.clientId ?? message.id} message={message} onMediaLoad={onMediaLoad} />
        ))}
        {mine && last && !last.isVoilation && <MessageStatus status={last.status} />}
      </div>
    </div>
  );
});

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
