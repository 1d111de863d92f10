import { describe, expect, it } from "vitest";
import { fillReply, previewReply, REPLY_VARIABLE_TEXTS, replyBlanks, replyVariablesProblem, UNKNOWN_CUSTOMER, unknownVariablesText } from "@/lib/inbox/reply-variables";
import { ZSavedReply } from "@/lib/schemas/replies";

// Saved replies with variables (docs/PRODUCT.md §13.2): what is refused, what the agent is asked, what is filled.

const ana = { customerName: "Ana Maria Lima", agentName: "Sam Agent", pageName: "Acme Shoes" };

describe("refusing what cannot be filled", () => {
  it.each([
    "Hi {{customer.first_name}}, {{customer.name}}: {{agent.name}} from {{page.name}}.",
    "Your order {{?order number}} ships {{? delivery day }}.",
    "Spaces and case are forgiven: {{ Customer.First_Name }}",
    "Single braces are text: {name} and JSON {\"a\": {\"b\": 1}",
    "No variables at all.",
  ])("accepts %j", (text) => {
    expect(replyVariablesProblem(text)).toBeNull();
  });

  it("names every unknown variable, once, with what to use instead", () => {
    expect(replyVariablesProblem("Hi {{customer.age}}!")).toBe(
      "Unknown variable {{customer.age}}. Use {{customer.first_name}}, {{customer.name}}, {{agent.name}}, {{page.name}} or a blank like {{?order number}}.",
    );
    expect(replyVariablesProblem("{{first_name}} {{customer.age}} {{first_name}}")).toBe(unknownVariablesText(["{{first_name}}", "{{customer.age}}"]));
    expect(replyVariablesProblem("{{}}")).toBe(unknownVariablesText(["{{}}"]));
    expect(replyVariablesProblem(`{{${"x".repeat(100)}}}`)).toMatch(/^Unknown variable \{\{x{42}…\}\}\. Use/);
  });

  it.each([
    ["Hi {{customer.first_name", REPLY_VARIABLE_TEXTS.unclosed],
    ["Hi {{customer.name {{page.name}}", REPLY_VARIABLE_TEXTS.unclosed],
    ["Hi {{customer.name\n}}", REPLY_VARIABLE_TEXTS.unclosed],
    ["Hi customer.name}}", REPLY_VARIABLE_TEXTS.unopened],
    ["Order {{?}}", REPLY_VARIABLE_TEXTS.blankUnnamed],
    ["Order {{?   }}", REPLY_VARIABLE_TEXTS.blankUnnamed],
    [`Order {{?${"n".repeat(41)}}}`, REPLY_VARIABLE_TEXTS.blankTooLong],
  ])("refuses malformed braces: %j", (text, problem) => {
    expect(replyVariablesProblem(text)).toBe(problem);
  });

  it("puts the refusal on the message field of the shared schema", () => {
    const result = ZSavedReply.safeParse({ shortcut: "greet", message: " Hi {{customer.age}} ", page_id: "p" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["message"], message: expect.stringMatching(/^Unknown variable \{\{customer\.age\}\}\./) })]);
    expect(ZSavedReply.parse({ shortcut: "greet", message: " Hi {{customer.first_name}} ", page_id: "p" }).message).toBe("Hi {{customer.first_name}}");
  });
});

describe("filling", () => {
  it("fills the four variables from the conversation; first_name is the first word", () => {
    expect(fillReply("Hi {{customer.first_name}} ({{customer.name}}), {{agent.name}} at {{PAGE.NAME}} here.", ana)).toBe(
      "Hi Ana (Ana Maria Lima), Sam Agent at Acme Shoes here.",
    );
    expect(fillReply("Hi {{customer.first_name}}!", { customerName: "  Nora  " })).toBe("Hi Nora!");
  });

  it('calls a customer without a name "there"', () => {
    for (const customerName of ["", "   ", null, undefined]) {
      expect(fillReply("Hi {{customer.first_name}}, and hello {{customer.name}}.", { ...ana, customerName })).toBe(`Hi ${UNKNOWN_CUSTOMER}, and hello ${UNKNOWN_CUSTOMER}.`);
    }
  });

  it("leaves no double space where an empty agent or Page name was", () => {
    expect(fillReply("Thanks, {{agent.name}} from {{page.name}} team", { customerName: "Ana" })).toBe("Thanks, from team");
    expect(fillReply("{{agent.name}} here", {})).toBe("here");
  });

  it("fills answered blanks (by name, regardless of case) and leaves unanswered ones as written", () => {
    const text = "Order {{?Order number}} ({{?order  number}}) arrives {{?day}}.";
    expect(replyBlanks(text)).toEqual(["Order number", "day"]);
    expect(fillReply(text, ana, { "order number": " 4411 ", day: "Monday" })).toBe("Order 4411 (4411) arrives Monday.");
    expect(fillReply(text, ana, { "order number": "4411" })).toBe("Order 4411 (4411) arrives {{?day}}.");
  });

  it("previews with blanks marked, and keeps what is not a variable as written", () => {
    expect(previewReply("Hi {{customer.first_name}}, order {{?order number}} is {{customer.age}} {{ and }}", ana)).toEqual([
      { text: "Hi Ana, order ", blank: false },
      { text: "order number", blank: true },
      { text: " is {{customer.age}} {{ and }}", blank: false },
    ]);
    expect(replyBlanks("Hi {{customer.name}}")).toEqual([]);
  });
});
