"use client";

import { useEffect } from "react";
import { inboxTitle } from "@/lib/inbox/alert-prefs";

/** Keeps the tab title at "(n) Switchboard Inbox" while the inbox is open; restores it on leaving. */
export function useUnreadTitle(unread: number): void {
  useEffect(() => {
    const wanted = inboxTitle(unread);
    const apply = () => {
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    // Next writes the page's metadata title after hydration, at times after this effect ran: without this
    // the count vanished from the tab until the next unread change (seen in the e2e run).
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [unread]);
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
}
