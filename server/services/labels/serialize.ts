import type { ApiLabel, ApiTag } from "@/lib/schemas/labels";

// API shapes of labels and tags (PRODUCT §3 Label, Tag).

export const labelSelect = { id: true, name: true, color: true, pageId: true, createdAt: true } as const;
type LabelRow = { id: string; name: string; color: ApiLabel["color"]; pageId: string; createdAt: Date };

export function toApiLabel(row: LabelRow): ApiLabel {
  return { _id: row.id, name: row.name, color: row.color, page_id: row.pageId, created_at: row.createdAt.toISOString() };
}

export function toApiTags(tags: { tag: string; color: string }[]): ApiTag[] {
  return tags.map((t) => ({ tag: t.tag, color: t.color as ApiTag["color"] }));
}
