import { describe, expect, it } from "vitest";
import type { ApiAuditEntry } from "@/lib/contract/audit-api";
import { describeEntry, targetLabel } from "@/lib/audit/describe";

// The audit log's plain words (docs/PRODUCT.md §13.5): the sentence says the change, Details what it leaves out.

const entry = (action: string, type: string, name: string | null, details: Record<string, unknown> | null = null): ApiAuditEntry => ({
  id: "1",
  at: "2026-12-07T10:00:00.000Z",
  actor: { id: null, name: "Olga" },
  action,
  target: { type, id: "x", name },
  details,
});

describe("audit entries in plain words", () => {
  it.each([
    [entry("user.updated", "user", "Ana", { field: "role", from: "staff", to: "company_admin" }), "Changed role of Ana from staff to company admin", ""],
    [entry("user.updated", "user", "Ana", { field: "email", from: "a@x.test", to: "b@x.test" }), "Changed e-mail of Ana from a@x.test to b@x.test", ""],
    [entry("user.created", "user", "Ana", { role: "staff", email: "a@x.test" }), "Added Ana as staff", "e-mail: a@x.test"],
    [entry("user.signed_out", "user", "Ana", { sessions: 2 }), "Signed Ana out everywhere", "sessions ended: 2"],
    [entry("page.agents_changed", "page", "Shop", { change: "removed", agent: "Ana", agentId: "u1" }), "Took page Shop away from Ana", ""],
    [entry("page.updated", "page", "Shop 2", { name: { from: "Shop", to: "Shop 2" }, tokenReplaced: true }), "Renamed page from Shop to Shop 2", "new token: yes"],
    [entry("page.inbox_settings_changed", "page", "Shop", { autoAssign: { from: false, to: true } }), "Turned auto-assign on for page Shop", ""],
    [entry("whitelist.updated", "whitelist", "b.example", { from: "a.example", to: "b.example" }), "Changed approved link from a.example to b.example", ""],
    [entry("company.business_hours_changed", "company", "Acme", { timezone: { from: "UTC", to: "Europe/Berlin" }, hours: "set" }), "Changed business hours", "time zone: from UTC to Europe/Berlin; hours: set"],
    [entry("user.capacity_changed", "user", "Ana", { from: 10, to: 5 }), "Changed capacity of Ana from 10 to 5", ""],
    // An action this screen does not know yet still reads as something.
    [entry("page.something_new", "page", "Shop", { colour: "red" }), "page.something_new page Shop", "colour: red"],
  ])("%#: %s", (e, what, details) => {
    expect(describeEntry(e)).toEqual({ what, details });
  });

  it("names the target's kind", () => {
    expect(targetLabel(entry("whitelist.added", "whitelist", "a.example"))).toBe("Approved link: a.example");
    expect(targetLabel(entry("company.targets_changed", "company", null))).toBe("Company");
  });
});
