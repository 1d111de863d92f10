import type { InjectedError, SimulatorState } from "../state";
import { GraphApiError } from "./graph-error";

// Failures queued by POST /sim/errors and /sim/lose-answers, and answers held by /sim/hold-answers: the next
// matching calls fail (or wait) with them, oldest rule first.

type Rule = { pageId?: string; psid?: string; remaining: number };

function takeRule<T extends Rule>(rules: T[], matches: (rule: T) => boolean): T | undefined {
  const index = rules.findIndex(matches);
  const rule = rules[index];
  if (!rule) return undefined;
  rule.remaining -= 1;
  if (rule.remaining <= 0) rules.splice(index, 1);
  return rule;
}

const forParty = (pageId: string, psid: string | undefined) => (rule: Rule) => (!rule.pageId || rule.pageId === pageId) && (!rule.psid || rule.psid === psid);

export function takeInjectedError(state: SimulatorState, pageId: string, psid: string | undefined, endpoint: InjectedError["endpoint"] = "messages"): GraphApiError | undefined {
  const rule = takeRule(state.errors, (r) => r.endpoint === endpoint && forParty(pageId, psid)(r));
  return rule && new GraphApiError(rule.code, { subcode: rule.subcode, message: rule.message, httpStatus: rule.httpStatus });
}

/** A made-up answer queued for this read (POST /sim/answers), if any. */
export function takeInjectedAnswer(state: SimulatorState, pageId: string, psid: string | undefined, endpoint: "conversations"): unknown {
  return takeRule(state.answers, (r) => r.endpoint === endpoint && forParty(pageId, psid)(r))?.body;
}

/** Whether this Send API call is to be lost at that moment: before it is carried out, or after. */
export function takeLostAnswer(state: SimulatorState, pageId: string, psid: string | undefined, when: "after-send" | "before-send"): boolean {
  return takeRule(state.lostAnswers, (r) => r.when === when && forParty(pageId, psid)(r)) !== undefined;
}

/** Whether this Send API call is to wait for POST /sim/release-answers before answering (and, with holdEcho, before its echo). */
export function takeHeldAnswer(state: SimulatorState, pageId: string, psid: string): { holdEcho: boolean } | undefined {
  return takeRule(state.holdAnswers, forParty(pageId, psid));
}
