import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";
import { redis } from "@/server/redis";
import { decryptSecret, encryptSecret } from "@/server/security/secret-box";

// Short-lived server-side records of a Facebook Login: the `state` handed to the dialog (signed, single
// use, bound to the user who started it) and the picker session. The session holds the person's Pages
// (ids and names) and their user token, encrypted like the Page tokens in the database — never a Page
// token: connecting asks Graph for the picked Pages' tokens again (connect-picked-pages.ts), so Redis
// never holds a token in clear, and the Pages the person did not pick leave no token anywhere.

const STATE_TTL_S = 10 * 60;
/** Long enough to tick a few boxes; a login left open longer is started again. */
export const PICKER_TTL_S = 10 * 60;
const stateKey = (nonce: string) => `fb-login:state:${nonce}`;
const pickerKey = (id: string) => `fb-login:picker:${id}`;

export type LoginIntent = { userId: string; ownerId: string | null };
export type PickerSession = LoginIntent & { pages: { id: string; name: string }[] };
type StoredPicker = PickerSession & { userTokenEnc: string };

const sign = (nonce: string) => createHmac("sha256", env().AUTH_SECRET).update(`fb-login-state:${nonce}`).digest("base64url");

export async function issueState(intent: LoginIntent): Promise<string> {
  const nonce = randomBytes(24).toString("base64url");
  await redis().set(stateKey(nonce), JSON.stringify(intent), "EX", STATE_TTL_S);
  return `${nonce}.${sign(nonce)}`;
}

/** The intent a state was issued for, consumed: a second use, a forged or an expired state answer null. */
export async function consumeState(state: string): Promise<LoginIntent | null> {
  const [nonce, signature, extra] = state.split(".");
  if (!nonce || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const raw = await redis().getdel(stateKey(nonce));
  return raw ? (JSON.parse(raw) as LoginIntent) : null;
}

export async function savePicker(session: PickerSession & { userToken: string }): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const stored: StoredPicker = {
    userId: session.userId,
    ownerId: session.ownerId,
    pages: session.pages.map((p) => ({ id: p.id, name: p.name })),
    userTokenEnc: encryptSecret(session.userToken),
  };
  await redis().set(pickerKey(id), JSON.stringify(stored), "EX", PICKER_TTL_S);
  return id;
}

async function readStored(id: string, userId: string): Promise<StoredPicker | null> {
  const raw = await redis().get(pickerKey(id));
  const session = raw ? (JSON.parse(raw) as StoredPicker) : null;
  return session && session.userId === userId ? session : null;
}

/** The picker session if it belongs to `userId` (someone else's id reads as missing); no token in it. */
export async function readPicker(id: string, userId: string): Promise<PickerSession | null> {
  const session = await readStored(id, userId);
  return session && { userId: session.userId, ownerId: session.ownerId, pages: session.pages };
}

/**
 * Takes the session for connecting: it is gone from Redis at once (single use, even for two racing
 * connects), and its user token is decrypted only here.
 */
export async function takePicker(id: string, userId: string): Promise<(PickerSession & { userToken: string }) | null> {
  const session = await readStored(id, userId);
  if (!session || (await redis().del(pickerKey(id))) !== 1) return null;
  return { userId: session.userId, ownerId: session.ownerId, pages: session.pages, userToken: decryptSecret(session.userTokenEnc) };
}
