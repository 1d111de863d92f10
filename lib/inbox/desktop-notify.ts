import { alertPrefs, shouldNotify } from "@/lib/inbox/alert-prefs";
import type { NewMessageEvent } from "@/lib/inbox/types";

// A desktop notification for a customer's message while the inbox tab is hidden (opt-in, alert-prefs.ts).
// Clicking it brings the tab forward and opens the conversation. One per conversation at a time (tag).

export function notifyDesktop(event: NewMessageEvent, open: () => void): void {
  if (typeof window === "undefined" || typeof Notification === "undefined") return;
  const ok = shouldNotify({
    wanted: alertPrefs.notificationsWanted(),
    permission: Notification.permission,
    hidden: document.visibilityState === "hidden",
    inbound: event.message.direction === "inbound",
    spam: event.conversation.is_spam,
  });
  if (!ok) return;
  const name = event.conversation.from_name || event.message.from?.name || "a customer";
  const m = event.message;
  const body = m.message ? m.message.slice(0, 140) : m.is_image ? "Sent an image" : "New message";
  try {
    const notification = new Notification(`New message from ${name}`, { body, tag: `conversation-${event.conversationId}` });
    notification.onclick = () => {
      window.focus();
      open();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the tab title still counts.
  }
}
