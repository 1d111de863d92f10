"use client";

import dynamic from "next/dynamic";
import { SpinnerIcon } from "@/components/ui/spinner";

// What /chats shows only after something is chosen loads in its own chunks, keeping the first load small
// (docs/PERFORMANCE.md): the thread with its composer, the right panel, and the phone/tablet details drawer.

function PaneLoading({ label }: { label: string }) {
  return (
    <p className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
      <SpinnerIcon /> {label}
    </p>
  );
}

export const LazyThreadPane = dynamic(() => import("@/components/inbox/thread/thread-pane").then((m) => m.ThreadPane), {
  ssr: false,
  loading: () => <PaneLoading label="Loading conversation..." />,
});

export const LazyRightPanel = dynamic(() => import("@/components/inbox/panel/right-panel").then((m) => m.RightPanel), {
  ssr: false,
  loading: () => <div className="h-full animate-pulse bg-white" aria-hidden="true" />,
});

export const LazyDetailsDrawer = dynamic(() => import("@/components/inbox/details-drawer").then((m) => m.DetailsDrawer), { ssr: false });

/** The '?' keyboard sheet: Radix Dialog is not part of the first load, so the sheet loads on first use. */
export const LazyShortcutsSheet = dynamic(() => import("@/components/inbox/shortcuts-sheet").then((m) => m.ShortcutsSheet), { ssr: false });

/** The bulk actions bar shows once a conversation is ticked: its menus (Radix Popover) stay out of the first load. */
export const LazyBulkBar = dynamic(() => import("@/components/inbox/list/bulk-bar").then((m) => m.BulkBar), { ssr: false });

/**
 * The realtime wiring with socket.io-client: the list paints from its first fetch, the socket connects right
 * after and catches up on what it missed (lib/hooks/use-socket.ts), so neither is in the first load.
 */
export const LazyInboxLive = dynamic(() => import("@/components/inbox/inbox-live").then((m) => m.InboxLive), { ssr: false });

/** The Comments view (docs/PRODUCT.md §12): loaded the first time an agent switches to it. */
export const LazyCommentsView = dynamic(() => import("@/components/inbox/comments/comments-view").then((m) => m.CommentsView), {
  ssr: false,
  loading: () => <PaneLoading label="Loading comments..." />,
});
