import type { SimulatorState } from "../state";
import { GraphApiError } from "./graph-error";

// Errors queued by POST /sim/errors: the next matching Send API calls fail with them, oldest rule first.

export function takeInjectedError(state: SimulatorState, pageId: string, psid: string | undefined): GraphApiError | undefined {
  const index = state.errors.findIndex((rule) => (!rule.pageId || rule.pageId === pageId) && (!rule.psid || rule.psid === psid));
  const rule = state.errors[index];
  if (!rule) return undefined;
  rule.remaining -= 1;
  if (rule.remaining <= 0) state.errors.splice(index, 1);
  return new GraphApiError(rule.code, { subcode: rule.subcode, message: rule.message, httpStatus: rule.httpStatus });
}
