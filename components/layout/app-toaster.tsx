"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useMediaQuery } from "@/lib/hooks/use-media-query";
import { subscribeToastsWanted, toastsWanted } from "@/lib/toast";
import { THREAD_HEADER_HEIGHT_VAR } from "@/lib/inbox/constants";

// The one Toaster (PRODUCT §9: top-right; the whitelist screens ask for top-center per toast). At most three
// show at once, so a burst of actions cannot build a wall that pauses while hovered. In the inbox the
// stack sits over the message area — below the header and the thread header, left of the right panel —
// so it never covers the controls an agent is clicking.
//
// Sonner is not part of any first load (lib/toast.ts): the Toaster mounts once the page is running, and in
// the inbox only when a toast is wanted — the first toast, or a conversation opening (its actions report
// with toasts).

const Toaster = dynamic(() => import("sonner").then((m) => m.Toaster), { ssr: false });

export const VISIBLE_TOASTS = 3;
const GAP = 8;
const RIGHT_PANEL = 320;

/** Where the stack starts: below the inbox header (measured) and the thread header (a CSS variable). */
function useInboxTop(active: boolean): string {
  const [headerBottom, setHeaderBottom] = useState(64);
  useEffect(() => {
    if (!active) return;
    const measure = () => {
      const header = document.querySelector("[data-inbox-header]");
      if (header) setHeaderBottom(Math.round(header.getBoundingClientRect().bottom));
    };
    measure();
    const observer = new ResizeObserver(measure);
    const header = document.querySelector("[data-inbox-header]");
    if (header) observer.observe(header);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [active]);
  return `calc(${headerBottom}px + var(${THREAD_HEADER_HEIGHT_VAR}, 64px) + ${GAP}px)`;
}

export function AppToaster() {
  const inInbox = usePathname() === "/chats";
  const wide = useMediaQuery("(min-width: 1280px)");
  const top = useInboxTop(inInbox);
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  if (inInbox && !wanted) return null;
  const offset = inInbox ? { top, right: (wide ? RIGHT_PANEL : 0) + 16 } : undefined;
  return <Toaster position="top-right" richColors closeButton visibleToasts={VISIBLE_TOASTS} offset={offset} mobileOffset={inInbox ? { top, right: 16, left: 16 } : undefined} />;
}
