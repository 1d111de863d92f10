import { z } from "zod";

// Labels (a page's catalogue) and tags (a label put on a person) — PRODUCT §3 Label/Tag, §5 Label, §7 Labels.
// Shared by the Manage labels modal, the labels panel and the /api/labels and /api/page-labels handlers.

/** The 18 colours of PRODUCT §3, in the spec's order; the picker offers the first six. */
export const LABEL_COLORS = [
  "gray", "purple", "red", "blue", "orange", "green", "yellow", "pink", "indigo",
  "teal", "cyan", "lime", "emerald", "rose", "violet", "amber", "slate", "stone",
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];
export const LABEL_PICKER_COLORS = LABEL_COLORS.slice(0, 6);
export const DEFAULT_LABEL_COLOR: LabelColor = "blue";

export const LABEL_NAME_MAX_LENGTH = 50;
/** One request may put at most this many tags on a person; the modal assigns one at a time. */
export const TAGS_PER_REQUEST_MAX = 50;

export const LABEL_NAME_REQUIRED = "Label name is required";
export const LABEL_NAME_TOO_LONG = `Label name must be at most ${LABEL_NAME_MAX_LENGTH} characters`;
export const LABEL_COLOR_INVALID = "Please choose one of the label colours";
export const LABEL_DUPLICATE = "A label with this name already exists";
export const TAG_REQUIRED = "Tag is required";
export const TAG_TOO_LONG = `Tag must be at most ${LABEL_NAME_MAX_LENGTH} characters`;
export const TAGS_REQUIRED = "Choose at least one label to assign";
export const TAGS_TOO_MANY = `At most ${TAGS_PER_REQUEST_MAX} labels can be assigned at once`;
export const SENDER_MISMATCH = "senderId does not match this conversation";

const requiredId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is too long`);

export const ZLabelColor = z.enum(LABEL_COLORS, { error: LABEL_COLOR_INVALID });

export const ZLabelName = z.string({ error: LABEL_NAME_REQUIRED }).trim().min(1, LABEL_NAME_REQUIRED).max(LABEL_NAME_MAX_LENGTH, LABEL_NAME_TOO_LONG);

// POST /api/labels
export const ZCreateLabel = z.object({
  name: ZLabelName,
  color: ZLabelColor.optional().default(DEFAULT_LABEL_COLOR),
  page_id: requiredId("page_id"),
});
export type TCreateLabel = z.infer<typeof ZCreateLabel>;

/** Tag names are stored lowercased, as the conversation tag filter sends them (PRODUCT §5). */
export const ZTagName = z.string({ error: TAG_REQUIRED }).trim().min(1, TAG_REQUIRED).max(LABEL_NAME_MAX_LENGTH, TAG_TOO_LONG).toLowerCase();

const conversationRef = {
  senderId: z.string({ error: "senderId must be a string" }).trim().max(100, "senderId is too long").optional(),
  pageId: requiredId("pageId"),
  conversationId: requiredId("conversationId"),
};

// POST /api/page-labels/assign
export const ZAssignTags = z.object({
  ...conversationRef,
  tags: z
    .array(z.object({ tag: ZTagName, color: ZLabelColor.optional().default(DEFAULT_LABEL_COLOR) }), { error: TAGS_REQUIRED })
    .min(1, TAGS_REQUIRED)
    .max(TAGS_PER_REQUEST_MAX, TAGS_TOO_MANY),
});
export type TAssignTags = z.infer<typeof ZAssignTags>;

// POST /api/page-labels/remove-tag
export const ZRemoveTag = z.object({ ...conversationRef, tagToRemove: ZTagName });
export type TRemoveTag = z.infer<typeof ZRemoveTag>;

/** A label as the API returns it. */
export type ApiLabel = { _id: string; name: string; color: LabelColor; page_id: string; created_at: string };
/** A tag on a conversation, and the assign/remove answer. */
export type ApiTag = { tag: string; color: LabelColor };
export type TagsResponse = { success: true; tags: ApiTag[] };
