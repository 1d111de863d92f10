"use client";

import { useEffect } from "react";
import { inboxTitle } from "@/lib/inbox/alert-prefs";

/** Keeps the tab title at "(n) Switchboard Inbox" while the inbox is open; restores it on leaving. */
export function useUnreadTitle(unread: number): void {
  useEffect(() => {
    document.title = inboxTitle(unread);
  }, [unread]);
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
}
