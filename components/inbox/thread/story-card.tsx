"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import type { ApiMedia } from "@/lib/inbox/types";

/**
 * An Instagram story the customer answered or mentioned the Page in. Meta's story links are privacy-aware
 * and expire (after 24 h, or when the story is deleted), and Meta forbids keeping a copy: the image is
 * loaded from Meta when the thread shows it, and a placeholder says so once it is gone.
 */
export function StoryCard({ media, url, mine, onMediaLoad }: { media: ApiMedia; url: string | undefined; mine: boolean; onMediaLoad: () => void }) {
  const [gone, setGone] = useState(!url);
  const label = media.type === "story_mention" ? "Mentioned you in their story" : "Replied to your story";
  return (
    <figure className={cn("flex w-40 flex-col gap-1", mine && "self-end")} data-media={media.type}>
      {gone ? (
        <div className="flex aspect-[9/16] w-40 items-center justify-center rounded-2xl bg-slate-100 p-3 text-center text-xs text-slate-500 ring-1 ring-slate-200">The story is no longer available</div>
      ) : (
        <img src={url} alt={label} className="aspect-[9/16] w-40 rounded-2xl bg-slate-100 object-cover ring-1 ring-slate-200" onLoad={onMediaLoad} onError={() => setGone(true)} />
      )}
      <figcaption className="px-1 text-[11px] text-slate-500">{label}</figcaption>
    </figure>
  );
}
