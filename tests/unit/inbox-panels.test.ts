import { unstable_serialize } from "swr/infinite";
import { tagDisplayName } from "@/lib/inbox/tag-display";
import { describe, expect, it } from "vitest";
import { LABEL_COLOR_CLASSES, labelColorClasses } from "@/components/inbox/panel/label-colors";
import { canChangeNote, canSaveNote, clampNote, NOTE_MAX_LENGTH, NOTE_TEXTS, noteCounter } from "@/components/inbox/panel/note-rules";
import { sheetAmountsError, SHEET_TEXTS } from "@/components/inbox/panel/sheet-rules";
import { isConversationListKey, isInfiniteConversationListKey, LABEL_TEXTS, sameTag, TAG_TEXTS } from "@/components/inbox/panel/tag-rules";
import { canSaveReply, REPLY_TEXTS, replyCounter, replyId, SHORTCUT_TOO_SHORT } from "@/components/inbox/saved-replies/reply-rules";
import { relativeTime } from "@/lib/format/relative-time";
import { matchReplies, replyInsertText, searchReplies } from "@/lib/inbox/insert-reply";
import { LABEL_COLORS } from "@/lib/schemas/labels";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativeTime (PRODUCT §2 Notes panel)", () => {
  it.each([
    [0, "a few seconds ago"],
    [59 * S, "a few seconds ago"],
    [59 * S + 999, "a few seconds ago"],
    [60 * S, "a minute ago"],
    [119 * S, "a minute ago"],
    [2 * M, "2 minutes ago"],
    [59 * M + 59 * S, "59 minutes ago"],
    [60 * M, "an hour ago"],
    [2 * H - 1, "an hour ago"],
    [2 * H, "2 hours ago"],
    [23 * H + 59 * M, "23 hours ago"],
    [24 * H, "a day ago"],
    [2 * D - 1, "a day ago"],
    [2 * D, "2 days ago"],
    [45 * D, "45 days ago"],
  ])("%i ms ago reads '%s'", (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it("accepts Date and number inputs and treats future or invalid times as just now", () => {
    expect(relativeTime(new Date(NOW - 3 * H), new Date(NOW))).toBe("3 hours ago");
    expect(relativeTime(NOW - 5 * M, NOW)).toBe("5 minutes ago");
    expect(relativeTime(NOW + 10 * M, NOW)).toBe("a few seconds ago");
    expect(relativeTime("not a date", NOW)).toBe("a few seconds ago");
  });
});

describe("saved-reply suggestions (PRODUCT §5 Messages)", () => {
  const replies = [
    { shortcut: "Greeting", message: "Hello! How can we help?" },
    { shortcut: "shipping-times", message: "Delivery • Orders ship within 2 days." },
    { shortcut: "Refund policy", message: "Refunds take 5 days" },
  ];

  it("suggests only for non-blank text, matching the title case-insensitively", () => {
    expect(matchReplies(replies, "")).toEqual([]);
    expect(matchReplies(replies, "   ")).toEqual([]);
    expect(matchReplies(replies, "GREET").map((r) => r.shortcut)).toEqual(["Greeting"]);
    expect(matchReplies(replies, "  ship ").map((r) => r.shortcut)).toEqual(["shipping-times"]);
    expect(matchReplies(replies, "i").map((r) => r.shortcut)).toEqual(["Greeting", "shipping-times", "Refund policy"]);
  });

  it("matches the title only, not the message", () => {
    expect(matchReplies(replies, "hello")).toEqual([]);
    expect(matchReplies(replies, "days")).toEqual([]);
  });

  it("inserts the message, or only the text after the first bullet, trimmed", () => {
    expect(replyInsertText("Hello! How can we help?")).toBe("Hello! How can we help?");
    expect(replyInsertText("Delivery • Orders ship within 2 days. ")).toBe("Orders ship within 2 days.");
    expect(replyInsertText("A •  first • second")).toBe("first • second");
    expect(replyInsertText("•")).toBe("");
    // Without a bullet the message is inserted as saved, untrimmed.
    expect(replyInsertText("  spaced  ")).toBe("  spaced  ");
  });

  it("the popover search matches title or message, and lists all for a blank query", () => {
    expect(searchReplies(replies, "")).toHaveLength(3);
    expect(searchReplies(replies, "REFUNDS").map((r) => r.shortcut)).toEqual(["Refund policy"]);
    expect(searchReplies(replies, "greet").map((r) => r.shortcut)).toEqual(["Greeting"]);
    expect(searchReplies(replies, "zzz")).toEqual([]);
  });
});

describe("notes form (PRODUCT §5 Notes, §9)", () => {
  it("counts n/1000 live", () => {
    expect(NOTE_MAX_LENGTH).toBe(1000);
    expect(noteCounter("")).toBe("0/1000");
    expect(noteCounter("hello")).toBe("5/1000");
    expect(noteCounter("x".repeat(1000))).toBe("1000/1000");
  });

  it("caps typed or pasted text at 1000 characters", () => {
    expect(clampNote("x".repeat(1200))).toHaveLength(1000);
    expect(clampNote("short")).toBe("short");
  });

  it("enables Save only for non-blank trimmed text, not while saving", () => {
    expect(canSaveNote("")).toBe(false);
    expect(canSaveNote("   \n\t ")).toBe(false);
    expect(canSaveNote(" a ")).toBe(true);
    expect(canSaveNote("a", true)).toBe(false);
    expect(canSaveNote("x".repeat(1000))).toBe(true);
    expect(canSaveNote("x".repeat(1001))).toBe(false);
  });

  it("offers edit/delete to the author and to admins only (others would get a 403)", () => {
    const note = { author: { _id: "u1", name: "Sara" } };
    expect(canChangeNote(note, { id: "u1", role: "staff" })).toBe(true);
    expect(canChangeNote(note, { id: "u2", role: "staff" })).toBe(false);
    expect(canChangeNote(note, { id: "u2", role: "admin" })).toBe(true);
    expect(canChangeNote(note, { id: "u2", role: "company_admin" })).toBe(true);
    expect(canChangeNote({ author: null }, { id: "u2", role: "staff" })).toBe(false);
    expect(canChangeNote(note, null)).toBe(false);
  });

  it("uses the spec's texts", () => {
    expect(NOTE_TEXTS).toMatchObject({
      loading: "Loading notes...",
      emptyTitle: "No notes yet",
      emptyHint: "Add your first note to get started",
      loadFailed: "Failed to load notes",
      added: "Note added successfully",
      updated: "Note updated successfully",
      deleted: "Note deleted successfully",
      addFailed: "Failed to add note. Please try again",
      updateFailed: "Failed to update note. Please try again",
      deleteFailed: "Failed to delete note. Please try again",
    });
  });
});

describe("saved-reply form (PRODUCT §5 Saved reply)", () => {
  it("needs a 3+ character shortcut and a non-blank message, both trimmed", () => {
    expect(SHORTCUT_TOO_SHORT).toBe("Shortcuts must be at least three characters.");
    expect(canSaveReply("abc", "hi")).toBe(true);
    expect(canSaveReply(" ab ", "hi")).toBe(false);
    expect(canSaveReply("abc", "  ")).toBe(false);
    expect(canSaveReply("  abc  ", " x ")).toBe(true);
  });

  it("shows 'n / 1000' without enforcing it", () => {
    expect(replyCounter("")).toBe("0 / 1000");
    expect(replyCounter("x".repeat(1200))).toBe("1200 / 1000");
  });

  it("identifies a reply by _id or id", () => {
    expect(replyId({ _id: "a", id: "b" })).toBe("a");
    expect(replyId({ _id: "", id: "b" })).toBe("b");
  });

  it("uses the spec's texts", () => {
    expect(REPLY_TEXTS).toMatchObject({
      saved: "Reply saved successfully",
      updated: "Reply updated successfully",
      deleted: "Saved reply deleted successfully",
      saveFailed: "Failed to save reply, Please try again",
      updateFailed: "Failed to update reply, Please try again",
      deleteFailed: "Failed to delete, Please try again",
      emptyTitle: "No saved replies found",
      emptyHint: "Try adjusting your search or create a new reply",
      loading: "Loading replies...",
      loadFailed: "Failed to load saved replies",
    });
  });
});

describe("label colours (PRODUCT §3)", () => {
  it("maps every one of the 18 colours to its own full Tailwind class names", () => {
    expect(Object.keys(LABEL_COLOR_CLASSES).sort()).toEqual([...LABEL_COLORS].sort());
    expect(LABEL_COLORS).toHaveLength(18);
    for (const color of LABEL_COLORS) {
      const classes = LABEL_COLOR_CLASSES[color];
      expect(classes.chip).toBe(`bg-${color}-100 text-${color}-800 ring-${color}-200`);
      expect(classes.swatch).toBe(`bg-${color}-500`);
    }
  });

  it("falls back to blue for unknown colours and ignores case", () => {
    expect(labelColorClasses("chartreuse")).toBe(LABEL_COLOR_CLASSES.blue);
    expect(labelColorClasses(undefined)).toBe(LABEL_COLOR_CLASSES.blue);
    expect(labelColorClasses("Teal")).toBe(LABEL_COLOR_CLASSES.teal);
  });
});

describe("tags and sheet entries", () => {
  it("compares tag names case-insensitively, as tags are stored lowercased", () => {
    expect(sameTag("VIP", "vip")).toBe(true);
    expect(sameTag("vip ", "vips")).toBe(false);
  });

  it("recognises the conversation list's cache keys", () => {
    expect(isConversationListKey(["conversations", "p1", {}])).toBe(true);
    expect(isConversationListKey("/api/conversations/p1?page=1&limit=15")).toBe(true);
    expect(isConversationListKey("/api/conversation/c1/p1")).toBe(false);
    expect(isConversationListKey(["notes", "p1"])).toBe(false);
  });

  it("recognises the infinite list's cache keys as SWR serialises them", () => {
    const infiniteKey = unstable_serialize(() => ["conversations", "p1", "", false, false, "[]", 1, null]);
    expect(infiniteKey.startsWith("$inf$")).toBe(true);
    expect(isInfiniteConversationListKey(infiniteKey)).toBe(true);
    expect(isInfiniteConversationListKey(unstable_serialize(() => ["notes", "p1"]))).toBe(false);
    expect(isInfiniteConversationListKey('@"conversations",')).toBe(false);
  });

  it("uses the spec's label and sheet texts", () => {
    expect(TAG_TEXTS).toEqual({
      assigned: "Label Assigned",
      assignFailed: "Failed to assign label, please try again",
      removed: "Label Removed",
      removeFailed: "Failed to remove label, please try again",
    });
    expect(LABEL_TEXTS).toMatchObject({
      created: "Label Created Successfully",
      createFailed: "Failed to create label. Please try again.",
      deleted: "Label Deleted Successfully",
      loadFailed: "Failed to load labels",
      noneAssigned: "No Label Assigned Yet",
    });
    expect(SHEET_TEXTS).toEqual({ success: "Success", failed: "Failed to create entry, please try again" });
  });

  it("requires both amounts and refuses negatives", () => {
    expect(sheetAmountsError("", "5")).toBe("Please fill out both Deposit and Redeem fields.");
    expect(sheetAmountsError("5", "  ")).toBe("Please fill out both Deposit and Redeem fields.");
    expect(sheetAmountsError("-1", "5")).toBe("Deposit and Redeem can't be negative.");
    expect(sheetAmountsError("0", "12.50")).toBeNull();
  });
});

describe("one display rule for labels", () => {
  it("shows a tag (stored lowercased) by its label's name as typed, else as stored", () => {
    const labels = [{ name: "VIP" }, { name: "Late Payer" }];
    expect(tagDisplayName("vip", labels)).toBe("VIP");
    expect(tagDisplayName("late payer", labels)).toBe("Late Payer");
    expect(tagDisplayName("gone", labels)).toBe("gone");
    expect(tagDisplayName("vip", undefined)).toBe("vip");
  });
});
