import { describe, expect, it } from "vitest";
import { isTypingTarget, shortcutFor, stepCursor } from "@/lib/inbox/shortcuts";
import { inboxTitle, shouldNotify } from "@/lib/inbox/alert-prefs";
import { COLLISION_WINDOW_MS, replyByOther, typingText, viewingText } from "@/lib/inbox/collision";
import { matchesFilters } from "@/lib/inbox/list-cache";
import { conversationQuery, NO_FILTERS } from "@/lib/inbox/filters";
import { assignRights } from "@/lib/hooks/use-ownership";
import type { ConversationListItem } from "@/lib/inbox/types";
import type { UiMessage } from "@/lib/inbox/ui-message";

// Team features beyond the spec: collision texts and the composer's warning, ownership filters and rights.

const msg = (over: Partial<UiMessage>): UiMessage => ({
  id: Math.random().toString(36), mid: null, text: "hi", sender: "me", senderName: "Tom", attachments: [], isSticker: false, sticker: null, isImage: false, isVoilation: false, timestamp: 0, status: "sent", errorMessage: null,
  kind: "text", media: [], payload: null, referralLine: null, reactions: [], edited: false, deleted: false, unsupported: false, replyTo: null, ...over,
});

describe("collision detection", () => {
  it("names who views and who types", () => {
    expect(viewingText([])).toBe("");
    expect(viewingText([{ name: "Ann", typing: false }])).toBe("Ann is viewing");
    expect(viewingText([{ name: "Ann", typing: false }, { name: "Tom", typing: true }])).toBe("Ann and Tom are viewing");
    expect(viewingText(["A", "B", "C", "D"].map((name) => ({ name, typing: false })))).toBe("A, B and 2 others are viewing");
    expect(typingText([{ name: "Ann", typing: false }])).toBe("");
    expect(typingText([{ name: "Tom", typing: true }])).toBe("Tom is typing…");
    expect(typingText([{ name: "Tom", typing: true }, { name: "Ann", typing: true }])).toBe("Tom and Ann are typing…");
  });

  it("warns about another agent's reply sent since I started typing, within 30 s", () => {
    const now = 1_000_000;
    const started = now - 20_000;
    const tom = msg({ senderName: "Tom", timestamp: now - 5_000 });
    expect(replyByOther([tom], "Ann", started, now)).toBe(tom);
    expect(replyByOther([tom], "Ann", null, now)).toBeNull(); // not typing
    expect(replyByOther([tom], "Tom", started, now)).toBeNull(); // my own
    expect(replyByOther([msg({ senderName: "Tom", timestamp: started - 1 })], "Ann", started, now)).toBeNull(); // before I started
    expect(replyByOther([msg({ senderName: "Tom", timestamp: now - COLLISION_WINDOW_MS - 1 })], "Ann", 0, now)).toBeNull(); // too old
    expect(replyByOther([msg({ sender: "other", senderName: "Customer", timestamp: now - 1_000 })], "Ann", started, now)).toBeNull(); // the customer
    expect(replyByOther([msg({ senderName: "Tom", timestamp: now - 1_000, clientId: "c1" })], "Ann", started, now)).toBeNull(); // optimistic
  });
});

describe("ownership", () => {
  const item = (assignee: ConversationListItem["assignee"]) => ({ is_spam: false, is_important: false, tags: [], from_name: "A", last_message: "", assignee }) as unknown as ConversationListItem;

  it("Mine and Unassigned match locally and are sent as assignee=me|unassigned", () => {
    const mine = { ...NO_FILTERS, owner: "mine" as const, userId: "u1" };
    expect(matchesFilters(item({ _id: "u1", name: "Ann" }), mine)).toBe(true);
    expect(matchesFilters(item({ _id: "u2", name: "Tom" }), mine)).toBe(false);
    expect(matchesFilters(item(null), { ...NO_FILTERS, owner: "unassigned" })).toBe(true);
    expect(matchesFilters(item({ _id: "u2", name: "Tom" }), { ...NO_FILTERS, owner: "unassigned" })).toBe(false);
    expect(conversationQuery(mine, 1)).toMatchObject({ assignee: "me" });
    expect(conversationQuery({ ...NO_FILTERS, owner: "unassigned" }, 1)).toMatchObject({ assignee: "unassigned" });
    expect(conversationQuery(NO_FILTERS, 1)).not.toHaveProperty("assignee");
  });

  it("offers only what the server allows", () => {
    expect(assignRights("staff", "u1", null)).toEqual({ manager: false, takeForMe: true, unassign: false });
    expect(assignRights("staff", "u1", "u1")).toEqual({ manager: false, takeForMe: false, unassign: true });
    expect(assignRights("staff", "u1", "u2")).toEqual({ manager: false, takeForMe: false, unassign: false });
    expect(assignRights("admin", "u1", "u2")).toEqual({ manager: true, takeForMe: true, unassign: true });
  });
});

describe("keyboard shortcuts", () => {
  it("map keys to actions, never with Ctrl/Alt/Meta", () => {
    const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => shortcutFor({ key: k, altKey: false, ctrlKey: false, metaKey: false, ...mods });
    expect(["j", "k", "Enter", "r", "/", "a", "e", "s", "?"].map((k) => key(k))).toEqual(["next", "previous", "open", "reply", "savedReplies", "assignMe", "done", "important", "help"]);
    expect(key("j", { ctrlKey: true })).toBeNull();
    expect(key("x")).toBeNull();
  });

  it("do not fire while typing in a field", () => {
    expect(isTypingTarget({ tagName: "TEXTAREA", isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: "BUTTON", isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("j/k move a cursor through the list, clamped at both ends", () => {
    expect(stepCursor([], null, 1)).toBeNull();
    expect(stepCursor(["a", "b", "c"], null, 1)).toBe("a");
    expect(stepCursor(["a", "b", "c"], null, -1)).toBe("c");
    expect(stepCursor(["a", "b", "c"], "a", 1)).toBe("b");
    expect(stepCursor(["a", "b", "c"], "c", 1)).toBe("c");
    expect(stepCursor(["a", "b", "c"], "a", -1)).toBe("a");
  });
});

describe("never miss a message", () => {
  it("counts unread conversations in the tab title", () => {
    expect(inboxTitle(0)).toBe("Switchboard Inbox");
    expect(inboxTitle(3)).toBe("(3) Switchboard Inbox");
    expect(inboxTitle(250)).toBe("(99+) Switchboard Inbox");
  });

  it("notifies only when wanted, permitted, the tab hidden, and for a customer's non-spam message", () => {
    const base = { wanted: true, permission: "granted", hidden: true, inbound: true, spam: false };
    expect(shouldNotify(base)).toBe(true);
    expect(shouldNotify({ ...base, wanted: false })).toBe(false);
    expect(shouldNotify({ ...base, permission: "default" })).toBe(false);
    expect(shouldNotify({ ...base, hidden: false })).toBe(false);
    expect(shouldNotify({ ...base, inbound: false })).toBe(false);
    expect(shouldNotify({ ...base, spam: true })).toBe(false);
  });
});
