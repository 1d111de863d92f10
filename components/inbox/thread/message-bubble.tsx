import { cn } from "@/lib/cn";
import { MESSAGE_IMAGE_MAX_PX } from "@/lib/inbox/constants";
import { isImageUrl } from "@/lib/inbox/initials";
import type { UiMessage } from "@/lib/inbox/ui-message";
import { ShieldAlertIcon } from "@/components/ui/icons";
import { MessageText } from "@/components/inbox/thread/message-text";
import { MessageMedia, ReplyQuote, UnsupportedRow } from "@/components/inbox/thread/message-media";
import { INSTAGRAM_UNSUPPORTED_PAYLOAD } from "@/lib/inbox/message-kinds";
import { UNSENT_TEXT } from "@/lib/inbox/message-kinds";

function safeSrc(url: string): string | null {
  return url.startsWith("blob:") || isImageUrl(url) ? url : null;
}

/** One message: text, images (≤ 280 px wide), a sticker, or a blocked (violation) message in red. */
export function MessageBubble({ message, onMediaLoad }: { message: UiMessage; onMediaLoad: () => void }) {
  const mine = message.sender === "me";
  const sticker = message.isSticker && message.sticker ? safeSrc(message.sticker) : null;
  const images = message.attachments.map((a) => ({ ...a, src: safeSrc(a.previewUrl) ?? safeSrc(a.url) })).filter((a) => a.src);

  if (message.referralLine) {
    return (
      <div className="self-center px-2 text-[11px] text-slate-500 italic" data-message-id={message.id} data-mid={message.mid ?? undefined} data-referral>
        {message.referralLine}
      </div>
    );
  }
  if (message.deleted) {
    return (
      <div className="rounded-2xl border border-slate-200 px-3.5 py-2 text-sm text-slate-500 italic" data-message-id={message.id} data-mid={message.mid ?? undefined} data-unsent>
        {UNSENT_TEXT}
      </div>
    );
  }

  return (
    <div className={cn("flex max-w-full flex-col gap-1", mine ? "items-end" : "items-start")} data-message-id={message.id} data-mid={message.mid ?? undefined}>
      {message.replyTo && <ReplyQuote replyTo={message.replyTo} />}
      {message.unsupported && <UnsupportedRow instagram={message.payload === INSTAGRAM_UNSUPPORTED_PAYLOAD} />}
      {message.media.map((media, i) => (
        <MessageMedia key={`${i}-${media.url}`} media={media} mine={mine} onMediaLoad={onMediaLoad} />
      ))}
      {sticker && (
        // Stickers hold an image address (PRODUCT §2).
        <img src={sticker} alt="Sticker" className="size-28 object-contain" loading="lazy" onLoad={onMediaLoad} />
      )}
      {images.map((image) => (
        <a key={image.url} href={safeSrc(image.url) ?? undefined} target="_blank" rel="noopener noreferrer" style={{ maxWidth: MESSAGE_IMAGE_MAX_PX }} className={cn("block max-w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100", message.status === "pending" && "opacity-60")}>
          <img src={image.src!} alt="Image" style={{ maxWidth: "100%" }} className="block h-auto max-h-80 object-contain" loading="lazy" onLoad={onMediaLoad} />
        </a>
      ))}
      {message.text && (
        <div
          className={cn(
            "max-w-full rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap [overflow-wrap:anywhere]",
            message.isVoilation
              ? "border border-red-300 bg-red-50 text-red-800"
              : mine
                ? "bg-indigo-600 text-white"
                : "bg-white text-slate-900 ring-1 ring-slate-200",
            message.status === "pending" && "opacity-70",
          )}
          data-violation={message.isVoilation || undefined}
        >
          <MessageText text={message.text} tone={message.isVoilation ? "violation" : message.sender} />
          {message.edited && <span className={cn("ml-1.5 text-[10px]", mine ? "text-indigo-200" : "text-slate-400")} data-edited>(edited)</span>}
        </div>
      )}
      {message.payload && (message.kind === "quick_reply" || message.kind === "postback") && (
        <span className="px-1 text-[10px] text-slate-400">{message.kind === "postback" ? "Button" : "Quick reply"} · {message.payload}</span>
      )}
      {message.reactions.length > 0 && (
        <span className="-mt-2 rounded-full bg-white px-1.5 text-sm shadow ring-1 ring-slate-200" data-reactions aria-label={`Reactions: ${message.reactions.map((r) => r.emoji).join(" ")}`}>
          {message.reactions.map((r) => r.emoji).join("")}
        </span>
      )}
      {message.isVoilation && (
        <span className="inline-flex items-center gap-1 text-[11px] font-medium text-red-600">
          <ShieldAlertIcon className="size-3" /> Not sent: contains a link that is not approved
        </span>
      )}
    </div>
  );
}
