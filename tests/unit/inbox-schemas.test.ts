import { describe, expect, it } from "vitest";
import {
  DEFAULT_LABEL_COLOR, LABEL_COLOR_INVALID, LABEL_COLORS, LABEL_NAME_REQUIRED, LABEL_NAME_TOO_LONG, LABEL_PICKER_COLORS, TAG_REQUIRED, TAGS_REQUIRED,
  ZAssignTags, ZCreateLabel, ZRemoveTag,
} from "@/lib/schemas/labels";
import { NOTE_REQUIRED, NOTE_TOO_LONG, ZNoteInput, ZNotesQuery } from "@/lib/schemas/notes";
import { REPLY_COUNTER_LIMIT, REPLY_MESSAGE_MAX_LENGTH, REPLY_MESSAGE_REQUIRED, REPLY_MESSAGE_TOO_LONG, SHORTCUT_TOO_SHORT, ZSavedReply } from "@/lib/schemas/replies";
import { SHEET_AMOUNT_NEGATIVE, SHEET_AMOUNT_NOT_A_NUMBER, SHEET_AMOUNT_TOO_LARGE, SHEET_AMOUNT_TOO_PRECISE, SHEET_FIELDS_REQUIRED, ZCreateSheetEntry, ZSheetAmount } from "@/lib/schemas/sheets";

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const firstError = (result: Parsed) => result.error?.issues[0]?.message;
const errorAt = (result: Parsed, path: string) => result.error?.issues.find((i) => i.path.join(".") === path)?.message;

describe("labels (PRODUCT §3, §5 Label)", () => {
  it("has the spec's 18 colours, offers the first six, defaults to blue", () => {
    expect(LABEL_COLORS).toEqual(["gray", "purple", "red", "blue", "orange", "green", "yellow", "pink", "indigo", "teal", "cyan", "lime", "emerald", "rose", "violet", "amber", "slate", "stone"]);
    expect(LABEL_PICKER_COLORS).toEqual(["gray", "purple", "red", "blue", "orange", "green"]);
    expect(DEFAULT_LABEL_COLOR).toBe("blue");
    expect(ZCreateLabel.parse({ name: "  VIP  ", page_id: "p1" })).toEqual({ name: "VIP", color: "blue", page_id: "p1" });
  });

  it.each([
    [{ page_id: "p" }, "name", LABEL_NAME_REQUIRED],
    [{ name: "   ", page_id: "p" }, "name", LABEL_NAME_REQUIRED],
    [{ name: 12, page_id: "p" }, "name", LABEL_NAME_REQUIRED],
    [{ name: "x".repeat(51), page_id: "p" }, "name", LABEL_NAME_TOO_LONG],
    [{ name: "ok", color: "magenta", page_id: "p" }, "color", LABEL_COLOR_INVALID],
    [{ name: "ok" }, "page_id", "page_id is required"],
  ])("%j → %s: %s", (input, path, message) => {
    expect(errorAt(ZCreateLabel.safeParse(input), path)).toBe(message);
  });

  it("texts are the ones the modal shows", () => {
    expect(LABEL_NAME_TOO_LONG).toBe("Label name must be at most 50 characters");
    expect(ZCreateLabel.safeParse({ name: "x".repeat(50), page_id: "p" }).success).toBe(true);
  });

  it("tags are trimmed and lowercased, with a valid colour, at least one", () => {
    const ref = { pageId: "p", conversationId: "c" };
    expect(ZAssignTags.parse({ ...ref, senderId: "123", tags: [{ tag: "  VIP ", color: "red" }, { tag: "Refund" }] }).tags).toEqual([
      { tag: "vip", color: "red" },
      { tag: "refund", color: "blue" },
    ]);
    expect(errorAt(ZAssignTags.safeParse({ ...ref, tags: [] }), "tags")).toBe(TAGS_REQUIRED);
    expect(errorAt(ZAssignTags.safeParse({ ...ref }), "tags")).toBe(TAGS_REQUIRED);
    expect(errorAt(ZAssignTags.safeParse({ ...ref, tags: [{ tag: " " }] }), "tags.0.tag")).toBe(TAG_REQUIRED);
    expect(errorAt(ZAssignTags.safeParse({ ...ref, tags: [{ tag: "a", color: "nope" }] }), "tags.0.color")).toBe(LABEL_COLOR_INVALID);
    expect(errorAt(ZAssignTags.safeParse({ tags: [{ tag: "a" }] }), "conversationId")).toBe("conversationId is required");
    expect(ZRemoveTag.parse({ ...ref, tagToRemove: " VIP " }).tagToRemove).toBe("vip");
    expect(errorAt(ZRemoveTag.safeParse({ ...ref }), "tagToRemove")).toBe(TAG_REQUIRED);
  });
});

describe("notes (PRODUCT §5 Notes, §9)", () => {
  const ref = { pageId: "p", conversationId: "c" };
  it.each([
    [{ ...ref }, NOTE_REQUIRED],
    [{ ...ref, note: "" }, NOTE_REQUIRED],
    [{ ...ref, note: " \n\t " }, NOTE_REQUIRED],
    [{ ...ref, note: null }, NOTE_REQUIRED],
    [{ ...ref, note: "x".repeat(1001) }, NOTE_TOO_LONG],
  ])("%j → %s", (input, message) => {
    expect(errorAt(ZNoteInput.safeParse(input), "note")).toBe(message);
  });

  it("uses the exact texts and counts the trimmed text", () => {
    expect(NOTE_REQUIRED).toBe("Note is required");
    expect(NOTE_TOO_LONG).toBe("Note must be at most 1000 characters");
    expect(ZNoteInput.parse({ ...ref, note: `  ${"x".repeat(1000)}  ` }).note).toHaveLength(1000);
    expect(errorAt(ZNotesQuery.safeParse({ pageId: "p" }), "conversationId")).toBe("conversationId is required");
  });
});

describe("saved replies (PRODUCT §5 Saved reply, §9)", () => {
  it.each([
    [{ message: "m", page_id: "p" }, "shortcut", SHORTCUT_TOO_SHORT],
    [{ shortcut: " ab ", message: "m", page_id: "p" }, "shortcut", SHORTCUT_TOO_SHORT],
    [{ shortcut: "abc", page_id: "p" }, "message", REPLY_MESSAGE_REQUIRED],
    [{ shortcut: "abc", message: "   ", page_id: "p" }, "message", REPLY_MESSAGE_REQUIRED],
    [{ shortcut: "abc", message: "x".repeat(5001), page_id: "p" }, "message", REPLY_MESSAGE_TOO_LONG],
    [{ shortcut: "abc", message: "m" }, "page_id", "page_id is required"],
  ])("%j → %s: %s", (input, path, message) => {
    expect(errorAt(ZSavedReply.safeParse(input), path)).toBe(message);
  });

  it("uses the spec's texts; the 1000 counter is not a limit, 5000 is", () => {
    expect(SHORTCUT_TOO_SHORT).toBe("Shortcuts must be at least three characters.");
    expect(REPLY_MESSAGE_REQUIRED).toBe("Message is required");
    expect(REPLY_COUNTER_LIMIT).toBe(1000);
    expect(REPLY_MESSAGE_MAX_LENGTH).toBe(5000);
    expect(ZSavedReply.parse({ shortcut: " hi! ", message: ` ${"x".repeat(1500)} `, page_id: "p" })).toMatchObject({ shortcut: "hi!", message: "x".repeat(1500) });
  });
});

describe("sheet entries (PRODUCT §5 Sheet entry)", () => {
  it.each([
    [undefined, SHEET_FIELDS_REQUIRED],
    [null, SHEET_FIELDS_REQUIRED],
    ["", SHEET_FIELDS_REQUIRED],
    ["  ", SHEET_FIELDS_REQUIRED],
    [-1, SHEET_AMOUNT_NEGATIVE],
    ["-5", SHEET_AMOUNT_NEGATIVE],
    ["abc", SHEET_AMOUNT_NOT_A_NUMBER],
    ["1,000", SHEET_AMOUNT_NOT_A_NUMBER],
    [true, SHEET_AMOUNT_NOT_A_NUMBER],
    [{}, SHEET_AMOUNT_NOT_A_NUMBER],
    [Number.NaN, SHEET_AMOUNT_NOT_A_NUMBER],
    [Number.POSITIVE_INFINITY, SHEET_AMOUNT_NOT_A_NUMBER],
    ["1.005", SHEET_AMOUNT_TOO_PRECISE],
    [1e13, SHEET_AMOUNT_TOO_LARGE],
  ])("%j → %s", (input, message) => {
    expect(firstError(ZSheetAmount.safeParse(input))).toBe(message);
  });

  it.each([
    [0, 0],
    ["0", 0],
    ["-0", 0],
    [250, 250],
    ["250", 250],
    [" 12.50 ", 12.5],
    ["0.1", 0.1],
    [999_999_999_999.99, 999_999_999_999.99],
  ])("%j → %j", (input, value) => {
    expect(Object.is(ZSheetAmount.parse(input), value)).toBe(true);
  });

  it("asks for both fields with the spec's texts", () => {
    expect(SHEET_FIELDS_REQUIRED).toBe("Please fill out both Deposit and Redeem fields.");
    expect(SHEET_AMOUNT_NEGATIVE).toBe("Deposit and Redeem can't be negative.");
    const both = ZCreateSheetEntry.safeParse({ pageId: "p", conversationId: "c" });
    expect(errorAt(both, "deposit")).toBe(SHEET_FIELDS_REQUIRED);
    expect(errorAt(both, "redeem")).toBe(SHEET_FIELDS_REQUIRED);
    expect(ZCreateSheetEntry.parse({ deposit: "100", redeem: 0, pageId: "p", conversationId: "c", pageName: "x", customerName: null })).toMatchObject({ deposit: 100, redeem: 0 });
  });
});
