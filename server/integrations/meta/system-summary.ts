// The customer's system events of a webhook item (messaging_optins, messaging_account_linking,
// messaging_feedback, response_feedback, messaging_game_plays) as one short line for the thread, with what
// Meta sent kept beside it. Never the customer's words as a message: a quiet line, no bubble, no unread.

export type SystemSummary = { event: "optin" | "account_linking" | "feedback" | "game_play"; summary: string; detail: Record<string, unknown> };

type Fields = Record<string, unknown>;

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const short = (v: string, max = 80) => (v.length > max ? `${v.slice(0, max)}…` : v);

const NOTIFICATION_STATUS: Record<string, string> = {
  STOP_NOTIFICATIONS: "Stopped notifications",
  RESUME_NOTIFICATIONS: "Resumed notifications",
};

function optin(o: Fields): string {
  const title = text(o.title);
  if (o.type === "notification_messages") {
    const status = NOTIFICATION_STATUS[String(o.notification_messages_status ?? "")];
    if (status) return title ? `${status}: “${short(title)}”` : status;
    return title ? `Opted in to notifications: “${short(title)}”` : "Opted in to notifications";
  }
  if (text(o.user_ref)) return "Opted in (checkbox plugin)";
  const ref = text(o.ref);
  return ref ? `Opted in via Send to Messenger · ref ${short(ref, 40)}` : "Opted in via Send to Messenger";
}

function accountLinking(a: Fields): string {
  return a.status === "unlinked" ? "Unlinked their account" : "Linked their account";
}

/** messaging_feedback: feedback_screens[].questions is a map of question id → {type, payload, follow_up}. */
function feedback(f: Fields): string {
  const screens = Array.isArray(f.feedback_screens) ? (f.feedback_screens as Fields[]) : [];
  const answers = screens.flatMap((s) => Object.values((s?.questions as Record<string, Fields> | undefined) ?? {}));
  const parts = answers.slice(0, 3).map((q) => {
    const type = text(q?.type)?.toUpperCase() ?? "Rating";
    const score = text(q?.payload) ?? (typeof q?.payload === "number" ? String(q.payload) : null);
    const comment = text((q?.follow_up as Fields | undefined)?.payload);
    return [score ? `${type} ${score}` : type, comment ? `“${short(comment)}”` : null].filter(Boolean).join(" · ");
  });
  return parts.length ? `Sent feedback: ${parts.join(", ")}` : "Sent feedback";
}

function responseFeedback(r: Fields): string {
  const verdict = text(r.feedback);
  return verdict ? `Rated a reply: ${verdict}` : "Rated a reply";
}

function gamePlay(g: Fields): string {
  const score = typeof g.score === "number" || typeof g.score === "string" ? ` · score ${g.score}` : "";
  return `Played a game${score}`;
}

/** The system event of this item, or null when it is none of them. */
export function systemSummary(fields: Fields): SystemSummary | null {
  const object = (key: string) => (fields[key] && typeof fields[key] === "object" ? (fields[key] as Fields) : null);
  const o = object("optin");
  if (o) return { event: "optin", summary: optin(o), detail: { optin: o } };
  const a = object("account_linking");
  if (a) return { event: "account_linking", summary: accountLinking(a), detail: { account_linking: a } };
  const f = object("messaging_feedback");
  if (f) return { event: "feedback", summary: feedback(f), detail: { messaging_feedback: f } };
  const r = object("response_feedback");
  if (r) return { event: "feedback", summary: responseFeedback(r), detail: { response_feedback: r } };
  const g = object("game_play");
  if (g) return { event: "game_play", summary: gamePlay(g), detail: { game_play: g } };
  return null;
}
