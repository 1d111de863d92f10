import type { ConversationListItem, ConversationTag } from "@/lib/inbox/types";
import { avatarColor, initialsFromName, isImageUrl } from "@/lib/inbox/initials";
import { ROW_TAG_LIMIT } from "@/lib/inbox/constants";
import { formatRowTime } from "@/lib/inbox/time";
import type { Channel } from "@/lib/inbox/channels";

// PRODUCT §3 Conversation (UI): what a list row shows, derived from the API's list item.

export type ConversationUi = {
  id: string;
  name: string;
  lastMessage: string;
  /** The search hit in an older message, shown in place of the last message. */
  snippet: string | null;
  isImage: boolean;
  /** "09:05 PM" today, else "Yesterday" / "Mon, Nov 17" */
  timestamp: string;
  avatar: { initials: string; color: string; imageUrl: string | null };
  unread: number;
  senderId: string;
  tags: ConversationTag[];
  visibleTags: ConversationTag[];
  hiddenTags: ConversationTag[];
  isNewMessage: boolean;
  isImportant: boolean;
  isSpam: boolean;
  /** Open, done or snoozed (docs/PRODUCT.md §11); older payloads without it are open. */
  status: ConversationListItem["status"];
  isSelected: boolean;
  channel: Channel;
  /** The owner's name and initials for the row's small avatar. */
  assignee: { name: string; initials: string; color: string } | null;
  /** The response target's due time and which target it is (docs/PRODUCT.md §13.3); null when none runs. */
  due: { at: string; target: "first" | "next" | null; pageId: string } | null;
};

export function toConversationUi(item: ConversationListItem, selectedId: string | null): ConversationUi {
  const name = item.from_name || "Unknown";
  return {
    id: item.id,
    name,
    lastMessage: item.last_message,
    snippet: item.search_snippet ?? null,
    isImage: item.is_image,
    timestamp: formatRowTime(item.updated_time),
    avatar: { initials: initialsFromName(name), color: avatarColor(name), imageUrl: isImageUrl(item.avatar) ? item.avatar : null },
    unread: item.unread_count,
    senderId: item.from_id,
    tags: item.tags,
    visibleTags: item.tags.slice(0, ROW_TAG_LIMIT),
    hiddenTags: item.tags.slice(ROW_TAG_LIMIT),
    isNewMessage: item.is_new_message || item.unread_count > 0,
    isImportant: item.is_important,
    isSpam: item.is_spam,
    status: item.status ?? "open",
    isSelected: item.id === selectedId,
    channel: item.channel ?? "messenger",
    assignee: item.assignee ? { name: item.assignee.name, initials: initialsFromName(item.assignee.name), color: avatarColor(item.assignee._id) } : null,
    due: item.response_due_at ? { at: item.response_due_at, target: item.response_target ?? null, pageId: item.page_id } : null,
  };
}
