import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";
import { redis } from "@/server/redis";

// Short-lived server-side records of a Facebook Login: the `state` handed to the dialog (signed, single
// use, bound to the user who started it) and the picker session holding the person's Page tokens — which
// never reach the browser; it only ever sees the session id.

const STATE_TTL_S = 10 * 60;
const PICKER_TTL_S = 15 * 60;
const stateKey = (nonce: string) => `fb-login:state:${nonce}`;
const pickerKey = (id: string) => `fb-login:picker:${id}`;

export type LoginIntent = { userId: string; ownerId: string | null };
export type PickerSession = LoginIntent & { pages: { id: string; name: string; accessToken: string }[] };

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

export async function savePicker(session: PickerSession): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await redis().set(pickerKey(id), JSON.stringify(session), "EX", PICKER_TTL_S);
  return id;
}

/** The picker session if it belongs to `userId` (someone else's id reads as missing). */
export async function readPicker(id: string, userId: string): Promise<PickerSession | null> {
  const raw = await redis().get(pickerKey(id));
  const session = raw ? (JSON.parse(raw) as PickerSession) : null;
  return session && session.userId === userId ? session : null;
}

export async function dropPicker(id: string): Promise<void> {
  await redis().del(pickerKey(id));
}
