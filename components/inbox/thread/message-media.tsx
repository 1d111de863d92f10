import { PlayIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { isImageUrl } from "@/lib/inbox/initials";
import type { ApiMedia } from "@/lib/inbox/types";
import { bookingLine, INSTAGRAM_UNSUPPORTED_TEXT, UNSUPPORTED_TEXT } from "@/lib/inbox/message-kinds";
import { StoryCard } from "@/components/inbox/thread/story-card";
import { formatBookingTime } from "@/lib/inbox/time";

// The attachments of a message other than images and stickers (docs/WEBHOOKS.md, "Event kinds"): voice
// notes, videos, files, locations, shared links and posts, reels, appointment bookings. Only http(s)
// addresses become src/href.

const safe = (url: string | null) => (isImageUrl(url) ? url : undefined);

function formatSize(bytes: number | null): string | null {
  if (!bytes) return null;
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;
}

const card = "flex max-w-full items-center gap-2 rounded-2xl bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200";

export function MessageMedia({ media, mine, onMediaLoad }: { media: ApiMedia; mine: boolean; onMediaLoad: () => void }) {
  const src = safe(media.url);
  switch (media.type) {
    case "audio":
      return (
        <div className={card} data-media="audio">
          <span aria-hidden>🎤</span>
          <span className="sr-only">Voice message</span>
          {src ? <audio controls preload="metadata" src={src} className="h-9 w-56 max-w-full" onLoadedMetadata={onMediaLoad} /> : <span>Voice message</span>}
        </div>
      );
    case "video":
      return src ? (
        <video controls preload="metadata" src={src} data-media="video" className="max-h-80 w-72 max-w-full rounded-2xl bg-black" onLoadedMetadata={onMediaLoad} />
      ) : (
        <div className={card}>Video</div>
      );
    case "file":
      return (
        <a href={src} target="_blank" rel="noopener noreferrer" download={media.name ?? undefined} data-media="file" className={cn(card, "hover:bg-slate-50")}>
          <span aria-hidden className="text-lg">📄</span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{media.name ?? "File"}</span>
            <span className="block text-[11px] text-slate-500">{[formatSize(media.size), media.stored || mine ? null : "from Facebook"].filter(Boolean).join(" · ") || "File"}</span>
          </span>
        </a>
      );
    case "location": {
      const c = media.coordinates;
      const href = c ? `https://www.google.com/maps?q=${c.lat},${c.long}` : undefined;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" data-media="location" className={cn(card, "hover:bg-slate-50")}>
          <span aria-hidden>📍</span>
          <span>Location{c ? ` · ${c.lat.toFixed(4)}, ${c.long.toFixed(4)}` : ""}</span>
        </a>
      );
    }
    case "fallback":
    case "template":
      return (
        <a href={src} target="_blank" rel="noopener noreferrer" data-media="share" className={cn(card, "flex-col items-start gap-0.5 hover:bg-slate-50", mine && "self-end")}>
          <span className="font-medium">{media.title ?? "Shared link"}</span>
          {media.subtitle && <span className="text-xs text-slate-500">{media.subtitle}</span>}
        </a>
      );
    case "reel":
    case "ig_reel":
      return <ReelCard media={media} onMediaLoad={onMediaLoad} />;
    case "story_reply":
    case "story_mention":
      return <StoryCard media={media} url={src} mine={mine} onMediaLoad={onMediaLoad} />;
    case "share":
      return (
        <a href={src} target="_blank" rel="noopener noreferrer" data-media="share" className={cn(card, "w-64 flex-col items-start gap-0.5 hover:bg-slate-50", mine && "self-end")}>
          <span className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">Shared on Instagram</span>
          <span className="font-medium">Open the shared post</span>
        </a>
      );
    case "post":
    case "ig_post":
      return (
        <a href={src} target="_blank" rel="noopener noreferrer" data-media={media.type} className={cn(card, "w-64 flex-col items-start gap-0.5 hover:bg-slate-50", mine && "self-end")}>
          <span className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{media.type === "ig_post" ? "Instagram post" : "Facebook post"}</span>
          <span className="line-clamp-3 font-medium">{media.title ?? "Shared post"}</span>
          {src && <span className="max-w-full truncate text-xs text-indigo-600">{hostOf(src)}</span>}
        </a>
      );
    case "appointment_booking": {
      const b = media.booking;
      return (
        <div className={cn(card, "w-64 items-start")} data-media="appointment_booking">
          <span aria-hidden className="text-lg">📅</span>
          <span className="min-w-0">
            <span className="block font-medium">{bookingLine(b ? { status: b.status ?? undefined } : undefined)}</span>
            {b?.start && <span className="block text-xs text-slate-600">{formatBookingTime(b.start, b.end, b.timezone)}</span>}
            {b?.id && <span className="block text-[11px] text-slate-400">Booking {b.id}</span>}
          </span>
        </div>
      );
    }
    default:
      return <UnsupportedRow />;
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/** A shared reel: our copy plays inline when it is a video; otherwise a video-like card that opens it. */
function ReelCard({ media, onMediaLoad }: { media: ApiMedia; onMediaLoad: () => void }) {
  const src = safe(media.url);
  const label = media.type === "ig_reel" ? "Instagram reel" : "Reel";
  if (src && media.stored && media.mime?.startsWith("video/")) {
    return (
      <figure className="flex flex-col gap-1" data-media={media.type}>
        <video controls preload="metadata" src={src} className="aspect-[9/16] max-h-96 w-56 max-w-full rounded-2xl bg-black object-cover" onLoadedMetadata={onMediaLoad} />
        <figcaption className="px-1 text-[11px] text-slate-500">
          {label}
          {media.title ? ` · ${media.title}` : ""}
        </figcaption>
      </figure>
    );
  }
  const link = safe(media.original_url) ?? src;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" data-media={media.type} className="relative flex aspect-[9/16] w-40 flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-b from-slate-700 to-slate-900 p-3 text-white ring-1 ring-slate-300 hover:opacity-95">
      <span aria-hidden className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-white/25">
        <PlayIcon className="ml-0.5 size-6 fill-white" />
      </span>
      <span className="text-[11px] font-semibold tracking-wide uppercase">{label}</span>
      {media.title && <span className="line-clamp-2 text-xs text-white/80">{media.title}</span>}
      <span className="text-[11px] text-white/70">Open in {media.type === "ig_reel" ? "Instagram" : "Facebook"}</span>
    </a>
  );
}

/** `instagram`: Instagram's own is_unsupported message (a GIF or sticker Instagram does not pass on). */
export function UnsupportedRow({ instagram = false }: { instagram?: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-xs text-slate-600" data-unsupported>
      {instagram ? INSTAGRAM_UNSUPPORTED_TEXT : UNSUPPORTED_TEXT}
    </div>
  );
}

/** Context above a message: a quoted reply (click scrolls to it when loaded) or where the customer came from. */
export function ReplyQuote({ replyTo }: { replyTo: { mid: string; text: string | null; fromMe: boolean | null } }) {
  const scroll = () => document.querySelector(`[data-mid="${CSS.escape(replyTo.mid)}"]`)?.scrollIntoView({ behavior: "smooth", block: "center" });
  return (
    <button type="button" onClick={scroll} data-reply-to={replyTo.mid} className="max-w-full truncate rounded-xl border-l-4 border-slate-300 bg-slate-100 px-2.5 py-1 text-left text-xs text-slate-600 hover:bg-slate-200">
      <span className="font-medium">{replyTo.fromMe ? "Replying to you" : "Replying to"}</span>
      {replyTo.text !== null ? `: ${replyTo.text || "an attachment"}` : ": a message not loaded"}
    </button>
  );
}
