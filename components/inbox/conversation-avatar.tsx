"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import { avatarColor, initialsFromName, isImageUrl } from "@/lib/inbox/initials";

const SIZES = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-11 text-sm" } as const;

/** The customer's picture when `avatar` is a URL, else initials from the name (also when the image fails). */
export function ConversationAvatar({ name, avatar, size = "md", className }: { name: string; avatar: string | null; size?: keyof typeof SIZES; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = isImageUrl(avatar) && failed !== avatar ? avatar : null;
  return (
    <span aria-hidden="true" className={cn("relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold", SIZES[size], !url && avatarColor(name), className)}>
      {url ? (
        <img src={url} alt="" className="size-full object-cover" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(url)} />
      ) : (
        initialsFromName(name)
      )}
    </span>
  );
}
