// Saved replies with variables (docs/PRODUCT.md §13.2): `{{customer.first_name}}`, `{{customer.name}}`,
// `{{agent.name}}`, `{{page.name}}` are filled from the open conversation, and `{{?order number}}` is a blank
// the agent fills in before the text goes into the composer. One parser for the zod schema (so the form and
// the API refuse the same texts), the picker's preview and the composer's fill.

export const REPLY_VARIABLES = ["customer.first_name", "customer.name", "agent.name", "page.name"] as const;
type ReplyVariable = (typeof REPLY_VARIABLES)[number];

/** What the customer is called when the conversation has no name for them: "Hi {{customer.first_name}}," reads "Hi there,". */
export const UNKNOWN_CUSTOMER = "there";
export const BLANK_NAME_MAX_LENGTH = 40;

const USE = "Use {{customer.first_name}}, {{customer.name}}, {{agent.name}}, {{page.name}} or a blank like {{?order number}}.";
export const REPLY_VARIABLE_TEXTS = {
  unclosed: 'A "{{" is not closed: finish it with "}}", as in {{customer.first_name}}.',
  unopened: 'A "}}" has no "{{" before it: write variables as {{customer.first_name}}.',
  blankUnnamed: "A blank needs a name, as in {{?order number}}.",
  blankTooLong: `A blank's name must be at most ${BLANK_NAME_MAX_LENGTH} characters.`,
} as const;

/** The refusal naming every unknown variable, e.g. `Unknown variable {{customer.age}}. Use …`. */
export function unknownVariablesText(tokens: readonly string[]): string {
  return `Unknown variable${tokens.length > 1 ? "s" : ""} ${tokens.join(", ")}. ${USE}`;
}

type Part =
  | { kind: "text"; text: string }
  | { kind: "variable"; name: ReplyVariable; raw: string }
  | { kind: "blank"; name: string; raw: string }
  /** Written like a variable but not one (unknown, unclosed, unnamed blank): kept as written. */
  | { kind: "bad"; raw: string };

type Parsed = { parts: Part[]; unknown: string[]; problems: string[] };

/** A long token is cut in messages so the refusal stays readable. */
const shown = (raw: string) => (raw.length > 48 ? `${raw.slice(0, 44)}…}}` : raw);

function classify(raw: string, parsed: Parsed): Part {
  const inner = raw.slice(2, -2).trim();
  if (inner.startsWith("?")) {
    // Blank names are labels for people: spaces collapse, case is kept for the label but not for matching.
    const name = inner.slice(1).trim().replace(/\s+/g, " ");
    if (!name) parsed.problems.push(REPLY_VARIABLE_TEXTS.blankUnnamed);
    else if (name.length > BLANK_NAME_MAX_LENGTH) parsed.problems.push(REPLY_VARIABLE_TEXTS.blankTooLong);
    else return { kind: "blank", name, raw };
    return { kind: "bad", raw };
  }
  // Forgiving about spaces and case ({{ Customer.Name }}), strict about the name itself.
  const name = REPLY_VARIABLES.find((v) => v === inner.toLowerCase());
  if (name) return { kind: "variable", name, raw };
  if (!parsed.unknown.includes(shown(raw))) parsed.unknown.push(shown(raw));
  return { kind: "bad", raw };
}

/**
 * Splits a saved reply into text, variables and blanks. A `{{` must be closed by `}}` on the same line before
 * the next `{{`, and a `}}` needs its `{{`; single braces are ordinary text.
 */
function parse(text: string): Parsed {
  const parsed: Parsed = { parts: [], unknown: [], problems: [] };
  const addText = (t: string) => {
    if (!t) return;
    const last = parsed.parts.at(-1);
    if (last?.kind === "text") last.text += t;
    else parsed.parts.push({ kind: "text", text: t });
  };
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{{", at);
    const close = text.indexOf("}}", at);
    if (close !== -1 && (open === -1 || close < open)) {
      if (!parsed.problems.includes(REPLY_VARIABLE_TEXTS.unopened)) parsed.problems.push(REPLY_VARIABLE_TEXTS.unopened);
      addText(text.slice(at, close + 2));
      at = close + 2;
      continue;
    }
    if (open === -1) {
      addText(text.slice(at));
      break;
    }
    addText(text.slice(at, open));
    const end = text.indexOf("}}", open + 2);
    const next = text.indexOf("{{", open + 2);
    const newline = text.indexOf("\n", open + 2);
    if (end === -1 || (next !== -1 && next < end) || (newline !== -1 && newline < end)) {
      if (!parsed.problems.includes(REPLY_VARIABLE_TEXTS.unclosed)) parsed.problems.push(REPLY_VARIABLE_TEXTS.unclosed);
      addText("{{");
      at = open + 2;
      continue;
    }
    const part = classify(text.slice(open, end + 2), parsed);
    if (part.kind === "bad") addText(part.raw);
    else parsed.parts.push(part);
    at = end + 2;
  }
  return parsed;
}

/** Why a saved reply's text cannot be saved (unknown variables first, naming them), or null when it can. */
export function replyVariablesProblem(text: string): string | null {
  const { unknown, problems } = parse(text);
  if (unknown.length) return unknownVariablesText(unknown);
  return problems[0] ?? null;
}

/** The blanks the agent is asked for, each once (matched without regard to case), in order of appearance. */
export function replyBlanks(text: string): string[] {
  const names = new Map<string, string>();
  for (const part of parse(text).parts) if (part.kind === "blank" && !names.has(part.name.toLowerCase())) names.set(part.name.toLowerCase(), part.name);
  return [...names.values()];
}

/** The open conversation's names; a missing customer name is "there", missing others are empty. */
export type ReplyContext = { customerName?: string | null; agentName?: string | null; pageName?: string | null };

function variableValue(name: ReplyVariable, context: ReplyContext): string {
  const customer = context.customerName?.trim();
  if (name === "customer.name") return customer || UNKNOWN_CUSTOMER;
  if (name === "customer.first_name") return customer ? customer.split(/\s+/)[0]! : UNKNOWN_CUSTOMER;
  return (name === "agent.name" ? context.agentName : context.pageName)?.trim() ?? "";
}

type Piece = { text: string; blank: boolean };

/** The text with variables filled, each blank as its own piece (its answer, or its name when unanswered). */
export function previewReply(text: string, context: ReplyContext, answers: Record<string, string> = {}): Piece[] {
  const pieces: Piece[] = [];
  let dropSpace = false;
  const add = (t: string, blank = false) => {
    // An empty value must not leave a double space behind ("Thanks,  here" → "Thanks, here").
    if (dropSpace && t.startsWith(" ")) t = t.slice(1);
    dropSpace = false;
    const last = pieces.at(-1);
    if (last && !last.blank && !blank) last.text += t;
    else if (t) pieces.push({ text: t, blank });
  };
  for (const part of parse(text).parts) {
    if (part.kind === "text" || part.kind === "bad") add(part.kind === "text" ? part.text : part.raw);
    else if (part.kind === "blank") {
      const answer = answers[part.name.toLowerCase()]?.trim();
      add(answer || part.name, !answer);
    } else {
      const value = variableValue(part.name, context);
      if (value) add(value);
      else dropSpace = pieces.length === 0 || /[ \n]$/.test(pieces.at(-1)!.text);
    }
  }
  return pieces;
}

/** The text that goes into the composer: variables filled, blanks answered (answers keyed by lower-case name). */
export function fillReply(text: string, context: ReplyContext, answers: Record<string, string> = {}): string {
  return previewReply(text, context, answers)
    .map((piece) => (piece.blank ? `{{?${piece.text}}}` : piece.text))
    .join("");
}
