"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import * as Popover from "@radix-ui/react-popover";
import { EMOJI_PICKER_SIZE } from "@/lib/inbox/constants";
import { SpinnerIcon } from "@/components/ui/spinner";
import { SmileIcon } from "@/components/inbox/inbox-icons";

// The picker is loaded only when first opened (docs/PERFORMANCE.md: the emoji picker lazy).
const EmojiPicker = dynamic(() => import("emoji-picker-react"), {
  ssr: false,
  loading: () => (
    <div style={EMOJI_PICKER_SIZE} className="flex items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500">
      <SpinnerIcon />
    </div>
  ),
});

/** The emoji button: a 300×400 light picker with search and skin tones, no preview (PRODUCT §2). */
export function EmojiButton({ onPick, disabled, className }: { onPick: (emoji: string) => void; disabled?: boolean; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" aria-label="Emoji" title="Emoji" disabled={disabled} className={className}>
          <SmileIcon className="size-5" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content side="top" align="start" sideOffset={8} collisionPadding={8} className="z-50 rounded-lg shadow-xl ring-1 ring-slate-900/5">
          <EmojiPicker
            width={EMOJI_PICKER_SIZE.width}
            height={EMOJI_PICKER_SIZE.height}
            colorScheme="light"
            searchDisabled={false}
            skinTonesDisabled={false}
            previewConfig={{ showPreview: false }}
            lazyLoadEmojis
            onEmojiClick={(data) => onPick(data.emoji)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
