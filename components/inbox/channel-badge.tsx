import { cn } from "@/lib/cn";
import { CHANNEL_LABELS, type Channel } from "@/lib/inbox/channels";

/**
 * Which channel a conversation is on (docs/ARCHITECTURE.md, "Channels"). Only Instagram is marked: every
 * Page has Messenger, so a mark on each of its rows would say nothing.
 */
export function ChannelBadge({ channel, className }: { channel: Channel | undefined; className?: string }) {
  if (channel !== "instagram") return null;
  return (
    <span
      title={CHANNEL_LABELS.instagram}
      data-channel={channel}
      className={cn("inline-flex shrink-0 items-center rounded-full bg-gradient-to-r from-fuchsia-600 to-orange-500 px-1.5 py-px text-[10px] font-semibold tracking-wide text-white", className)}
    >
      {CHANNEL_LABELS.instagram}
    </span>
  );
}
