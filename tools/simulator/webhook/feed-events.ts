import type { SimComment, SimPost } from "../feed-state";
import { graphTime } from "../graph/conversations-api";
import type { ChangeItem, WebhookBody } from "./events";

// The Page's public side in Meta's webhook shapes: `entry[].changes[]`, with times in seconds (messaging
// items use milliseconds). Facebook: the `feed` field, one change per comment event, `verb` add, edited,
// remove, hide or unhide, and the post as the parent of a top-level comment. Instagram: the `comments`
// field for a new comment on the account's media, and `mentions` for a comment or a caption that names the
// account: `{comment_id, media_id}` or `{media_id}`, nothing else (the app reads the rest through the account).

export type CommentVerb = "add" | "edited" | "remove" | "hide" | "unhide";

const seconds = (ms: number) => Math.floor(ms / 1000);

export function changesBody(object: "page" | "instagram", entryId: string, time: number, changes: ChangeItem[]): WebhookBody {
  return { object, entry: [{ id: entryId, time: seconds(time), changes }] };
}

/**
 * A Facebook feed change about a comment. created_time is when the change happened (for `add`, the
 * comment's own time); a removed comment's text is gone, so `remove` carries no message.
 */
export function feedCommentChange(post: SimPost, comment: SimComment, verb: CommentVerb, time: number): ChangeItem {
  return {
    field: "feed",
    value: {
      item: "comment",
      verb,
      comment_id: comment.id,
      post_id: post.id,
      parent_id: comment.parentId ?? post.id,
      from: { id: comment.author.id, name: comment.author.name ?? "" },
      ...(verb === "remove" ? {} : { message: comment.message }),
      created_time: seconds(verb === "add" ? comment.createdTime : time),
      post: {
        id: post.id,
        status_type: post.picturePath ? "added_photos" : "mobile_status_update",
        is_published: true,
        // A comment counts as activity on the post: Meta moves its updated_time.
        updated_time: graphTime(time),
        permalink_url: post.permalinkUrl,
      },
    },
  };
}

/** Instagram's `comments` change: a new comment on the account's media; a reply names its top-level comment. */
export function instagramCommentChange(post: SimPost, comment: SimComment): ChangeItem {
  return {
    field: "comments",
    value: {
      id: comment.id,
      text: comment.message,
      from: { id: comment.author.id, username: comment.author.username ?? "" },
      media: { id: post.id, media_product_type: "FEED" },
      ...(comment.parentId ? { parent_id: comment.parentId } : {}),
    },
  };
}

/** Instagram's `mentions` change: only where to read the comment (or, without one, the caption) that named the account. */
export function instagramMentionChange(post: SimPost, comment?: SimComment): ChangeItem {
  return { field: "mentions", value: comment ? { comment_id: comment.id, media_id: post.id } : { media_id: post.id } };
}
