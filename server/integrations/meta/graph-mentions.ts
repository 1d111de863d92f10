import { graphRequest } from "@/server/integrations/meta/graph-client";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { graphPath, isGraphId } from "@/server/integrations/meta/graph-path";

// Instagram @mentions of the Page's account on someone else's media (docs/META.md, "Comments"). The
// `mentions` webhook names only ids, and the comment or media is not the account's, so GET /{id} would be
// refused: Meta reads them through the account, with field expansion —
//   GET /{ig-user-id}?fields=mentioned_comment.comment_id({comment-id}){…}
//   GET /{ig-user-id}?fields=mentioned_media.media_id({media-id}){…}
// and the account answers through POST /{ig-user-id}/mentions {media_id, comment_id?, message}. Nothing
// else (private reply, like, hide, delete) is the account's to do there. All with the Page's token.

export type MentionedMedia = { id: string; caption: string | null; username: string | null; permalink: string | null; mediaUrl: string | null; timestamp: string | null };
export type MentionedComment = { id: string; text: string; username: string | null; timestamp: string | null; media: MentionedMedia | null };

type RawMedia = { id?: string; caption?: string; username?: string; permalink?: string; media_url?: string; timestamp?: string };

/** The ids go into a field expansion, not a path: checked like one (graph-path.ts). */
function checked(id: string): string {
  if (!isGraphId(id)) throw new GraphError("invalid_parameter", `Refused to call Graph with ${JSON.stringify(String(id).slice(0, 40))} as an id: Graph ids are digits`);
  return id;
}

const toMedia = (m: RawMedia | undefined, fallbackId: string): MentionedMedia | null =>
  m ? { id: m.id ?? fallbackId, caption: m.caption ?? null, username: m.username ?? null, permalink: m.permalink ?? null, mediaUrl: m.media_url ?? null, timestamp: m.timestamp ?? null } : null;

/** The comment that @mentions the account, with the media it is on. */
export async function fetchMentionedComment(igUserId: string, commentId: string, token: string): Promise<MentionedComment> {
  const fields = `mentioned_comment.comment_id(${checked(commentId)}){id,text,timestamp,username,media{id,permalink,caption,media_url}}`;
  const answer = await graphRequest<{ mentioned_comment?: { id?: string; text?: string; timestamp?: string; username?: string; media?: RawMedia } }>(graphPath`${igUserId}`, { token, query: { fields } });
  const c = answer.mentioned_comment;
  if (!c) throw new GraphError("unknown", "Instagram did not return the mentioned comment");
  return { id: c.id ?? commentId, text: c.text ?? "", username: c.username ?? null, timestamp: c.timestamp ?? null, media: toMedia(c.media, "") };
}

/** The media whose caption @mentions the account. */
export async function fetchMentionedMedia(igUserId: string, mediaId: string, token: string): Promise<MentionedMedia> {
  const fields = `mentioned_media.media_id(${checked(mediaId)}){id,caption,username,timestamp,permalink,media_url}`;
  const answer = await graphRequest<{ mentioned_media?: RawMedia }>(graphPath`${igUserId}`, { token, query: { fields } });
  const media = toMedia(answer.mentioned_media, mediaId);
  if (!media) throw new GraphError("unknown", "Instagram did not return the mentioned media");
  return media;
}

/** The account's public answer: under the comment that mentions it, or (caption) a comment on the media. */
export async function replyToMention(igUserId: string, target: { mediaId: string; commentId?: string }, token: string, text: string): Promise<string> {
  const body = { media_id: target.mediaId, ...(target.commentId ? { comment_id: target.commentId } : {}), message: text };
  // Sent twice, it is two comments on someone else's post: never repeated.
  const result = await graphRequest<{ id: string }>(graphPath`${igUserId}/mentions`, { method: "POST", token, body, repeatable: false });
  return result.id;
}
