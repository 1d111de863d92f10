import { graphRequest } from "@/server/integrations/meta/graph-client";
import { graphPath, isGraphId } from "@/server/integrations/meta/graph-path";

// Graph calls of Instagram Direct through a connected Page (docs/META.md, "Instagram Direct"): the Page's
// token reads the Instagram professional account linked to the Page and the profiles of the people who
// write to it. Sending needs no call of its own: the Send API of the Page takes an IGSID as recipient.

export type LinkedInstagramAccount = { id: string; username: string | null; pictureUrl: string | null };

/**
 * GET /{page-id}?fields=instagram_business_account{id,username,profile_picture_url}: the Instagram
 * professional account linked to the Page, or null when none is (Meta leaves the field out).
 */
export async function fetchLinkedInstagramAccount(facebookPageId: string, token: string): Promise<LinkedInstagramAccount | null> {
  const result = await graphRequest<{ instagram_business_account?: { id?: unknown; username?: unknown; profile_picture_url?: unknown } }>(graphPath`${facebookPageId}`, {
    token,
    retries: 1,
    query: { fields: "instagram_business_account{id,username,profile_picture_url}" },
  });
  const account = result.instagram_business_account;
  const id = account?.id === undefined ? "" : String(account.id);
  if (!isGraphId(id)) return null;
  return {
    id,
    username: typeof account?.username === "string" ? account.username : null,
    pictureUrl: typeof account?.profile_picture_url === "string" ? account.profile_picture_url : null,
  };
}

export type InstagramProfile = { name?: string; username?: string; profilePic?: string };

/** GET /{igsid}?fields=name,username,profile_pic with the Page token: who wrote on Instagram (any field may be missing). */
export async function fetchInstagramProfile(igsid: string, token: string): Promise<InstagramProfile> {
  const result = await graphRequest<{ name?: unknown; username?: unknown; profile_pic?: unknown }>(graphPath`${igsid}`, {
    token,
    retries: 0,
    query: { fields: "name,username,profile_pic" },
  });
  const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  return { name: text(result.name), username: text(result.username), profilePic: text(result.profile_pic) };
}

/** The name an agent sees: the person's name, else "@username". */
export function instagramDisplayName(profile: InstagramProfile): string | null {
  return profile.name?.trim() || (profile.username ? `@${profile.username}` : null);
}
