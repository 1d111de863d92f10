import type { Metadata } from "next";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { InboxScreen } from "@/components/inbox/inbox-screen";
import { rolesFor } from "@/lib/access/permissions";

// The tab title carries the unread count while the inbox is open ("(3) Switchboard Inbox", alert-prefs.ts).
export const metadata: Metadata = { title: { absolute: "Switchboard Inbox" } };

// /chats — the inbox, for staff, company admins and admins (PRODUCT §2); outside the admin layout.
export default function ChatsPage() {
  return (
    <ProtectedGuard roles={rolesFor("screens.inbox")}>
      <InboxScreen />
    </ProtectedGuard>
  );
}
