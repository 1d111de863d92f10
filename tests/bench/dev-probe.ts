// `npm run dev` latency probe (issue #13): against a running dev server (DEV_APP_URL, DEV_SIM_URL, its
// DATABASE_URL and AUTH_SECRET in the environment), a customer's message from the simulator → an open
// thread's socket, and an agent's reply (POST /api/send-message) → another agent's socket. Prints JSON.
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { issueToken } from "@/server/services/auth/token";

const APP = process.env.DEV_APP_URL!;
const SIM = process.env.DEV_SIM_URL!;
const N = Number(process.env.DEV_PROBE_SAMPLES ?? 10);
const wall = () => performance.timeOrigin + performance.now();

async function socketFor(token: string, pageId: string, conversationId: string, transports: string[]): Promise<Socket> {
  const s = connect(APP, { auth: { token }, transports, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    s.once("connect", () => resolve());
    s.once("connect_error", reject);
  });
  await s.timeout(20_000).emitWithAck("join-page", { pageId });
  await s.timeout(20_000).emitWithAck("join-conversation", { room: conversationId });
  return s;
}

async function main() {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query<{ conversation_id: string; page_id: string; fb: string; psid: string; user_a: string; user_b: string }>(
    `SELECT c.id AS conversation_id, p.id AS page_id, p.facebook_page_id AS fb, u.psid,
            (SELECT id FROM users WHERE company_id = p.company_id AND role = 'company_admin' ORDER BY id LIMIT 1) AS user_a,
            (SELECT id FROM users WHERE company_id = p.company_id AND role IN ('company_admin','admin') ORDER BY id DESC LIMIT 1) AS user_b
       FROM conversations c JOIN pages p ON p.id = c.page_id JOIN customers u ON u.id = c.customer_id
      ORDER BY c.last_message_at DESC LIMIT 1`,
  );
  await db.end();
  const t = rows[0]!;
  const [tokenA, tokenB] = await Promise.all([issueToken(t.user_a), issueToken(t.user_b)]);
  const out: Record<string, number[]> = {};
  for (const transports of [["polling", "websocket"], ["websocket"]]) {
    const a = await socketFor(tokenA, t.page_id, t.conversation_id, transports);
    const b = await socketFor(tokenB, t.page_id, t.conversation_id, transports);
    await new Promise((r) => setTimeout(r, 1500)); // let the polling transport upgrade
    const label = transports.join("+");
    const waitFor = (s: Socket, text: string) => new Promise<number>((resolve) => {
      const on = (e: { message?: { message?: string } }) => {
        if (e?.message?.message !== text) return;
        s.off("new-message", on);
        resolve(wall());
      };
      s.on("new-message", on);
    });
    for (let i = 0; i < N; i++) {
      const text = `probe ${label} customer ${Date.now()} ${i}`;
      const seen = waitFor(a, text);
      const sent = wall();
      await fetch(`${SIM}/sim/messages`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pageId: t.fb, psid: t.psid, text }) });
      (out[`${label}: customer → open thread`] ??= []).push((await seen) - sent);
      const reply = `probe ${label} reply ${Date.now()} ${i}`;
      const other = waitFor(b, reply);
      const at = wall();
      const res = await fetch(`${APP}/api/send-message`, { method: "POST", headers: { Authorization: `Bearer ${tokenA}`, "Content-Type": "application/json" }, body: JSON.stringify({ pageId: t.page_id, conversationId: t.conversation_id, text: reply, message_type: "text" }) });
      if (!res.ok) throw new Error(`send-message ${res.status}: ${await res.text()}`);
      (out[`${label}: reply → other agent`] ??= []).push((await other) - at);
    }
    a.disconnect();
    b.disconnect();
  }
  console.log(JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.map((x) => Math.round(x))]))));
  process.exit(0);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
