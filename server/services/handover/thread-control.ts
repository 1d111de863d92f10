import type { ThreadOwner } from "@/server/generated/prisma/enums";
import { env } from "@/server/env";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import { APP_DISPLAY_NAME, PAGE_INBOX_NAME, type HandoverRoleName, type PassTarget, type ThreadControl } from "@/lib/inbox/thread-control";

// A conversation's thread control as the API and the socket carry it (lib/inbox/thread-control.ts), from
// its row and its page's handover state. Apps are told apart by their Meta app id: ours is META_APP_ID,
// the Page Inbox's is fixed, anything else is another app of the Page (named when the Page's app list
// names it).

/** One app of the Page as pages.handover_apps keeps it (app_roles events, GET /secondary_receivers). */
export type HandoverApp = { id: string; name?: string; roles?: string[] };

export type ThreadControlRow = {
  id: string;
  pageId: string;
  threadOwner: ThreadOwner | null;
  threadOwnerAppId: string | null;
  threadOwnerAt: Date | null;
};
export type PageHandover = { handoverRole: HandoverRoleName | null; handoverApps: unknown };

export const threadControlSelect = { id: true, pageId: true, threadOwner: true, threadOwnerAppId: true, threadOwnerAt: true } as const;
export const pageHandoverSelect = { handoverRole: true, handoverApps: true } as const;

/** Which kind of owner a Meta app id is; null when there is none (an idle thread). */
export function ownerOf(appId: string | null | undefined): ThreadOwner | null {
  if (!appId) return null;
  if (appId === PAGE_INBOX_APP_ID) return "page_inbox";
  return appId === env().META_APP_ID ? "app" : "other_app";
}

export function handoverApps(value: unknown): HandoverApp[] {
  if (!Array.isArray(value)) return [];
  return value.filter((a): a is HandoverApp => typeof a === "object" && a !== null && typeof (a as HandoverApp).id === "string");
}

/** A Meta app's name as Switchboard shows it, when known. */
export function appName(appId: string | null, apps: HandoverApp[]): string | null {
  if (!appId) return null;
  if (appId === PAGE_INBOX_APP_ID) return PAGE_INBOX_NAME;
  if (appId === env().META_APP_ID) return APP_DISPLAY_NAME;
  return apps.find((a) => a.id === appId)?.name || null;
}

/** The Page's primary receiver when Switchboard is not it (the target of Pass back), if known. */
export function primaryReceiver(page: PageHandover): HandoverApp | null {
  const ours = env().META_APP_ID;
  return handoverApps(page.handoverApps).find((a) => a.id !== ours && a.roles?.includes("primary_receiver")) ?? null;
}

export function toThreadControl(row: ThreadControlRow, page: PageHandover): ThreadControl {
  const apps = handoverApps(page.handoverApps);
  const owner = row.threadOwner;
  const ownerName = owner === "app" ? APP_DISPLAY_NAME : owner === "page_inbox" ? PAGE_INBOX_NAME : owner ? (appName(row.threadOwnerAppId, apps) ?? "Another app") : null;
  const ours = owner === null || owner === "app";
  const passTargets: { target: PassTarget; label: string }[] = [];
  if (ours) {
    const primary = page.handoverRole === "secondary_receiver" ? primaryReceiver(page) : null;
    if (primary && primary.id !== PAGE_INBOX_APP_ID) passTargets.push({ target: "primary", label: primary.name || "The primary receiver" });
    passTargets.push({ target: "page_inbox", label: PAGE_INBOX_NAME });
  }
  return {
    conversationId: row.id,
    pageId: row.pageId,
    owner,
    appId: row.threadOwnerAppId,
    ownerName,
    canReply: ours,
    pageRole: page.handoverRole,
    takeAction: ours ? null : page.handoverRole === "secondary_receiver" ? "request" : "take",
    passTargets,
    since: row.threadOwnerAt?.toISOString() ?? null,
  };
}
