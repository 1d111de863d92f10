import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, rolesFor, type Action } from "@/lib/access/permissions";
import { ROLES } from "@/lib/access/roles";
import { assignRights } from "@/lib/hooks/use-ownership";
import { canChangeNote } from "@/components/inbox/panel/note-rules";

// The permission map (lib/access/permissions.ts) that the route wrapper, the services and the UI read.

describe("the permission map", () => {
  it("lets company admins and admins delete labels and book sheet entries, not staff or the super admin", () => {
    for (const action of ["labels.delete", "sheets.book"] as Action[]) {
      expect(ROLES.filter((role) => can(role, action)), action).toEqual(["admin", "company_admin"]);
    }
  });

  it("shows the inbox ⇄ back office buttons to admins and company admins, not to staff or the super admin", () => {
    expect(can("admin", "inbox.switch-to-admin")).toBe(true);
    expect(can("company_admin", "inbox.switch-to-admin")).toBe(true);
    expect(can("staff", "inbox.switch-to-admin")).toBe(false);
    expect(can("super_admin", "inbox.switch-to-admin")).toBe(false);
  });

  it("grants nothing to an unknown or missing role", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) {
      expect(can(undefined, action)).toBe(false);
      expect(can(null, action)).toBe(false);
      expect(can("owner", action)).toBe(false);
    }
  });

  it("names only known roles, each action at least one", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) {
      expect(rolesFor(action).length, action).toBeGreaterThan(0);
      for (const role of rolesFor(action)) expect(ROLES, action).toContain(role);
    }
  });

  it("is what the browser's assign menu and note buttons follow", () => {
    for (const role of ROLES) {
      const manager = can(role, "conversations.assign-any");
      expect(assignRights(role, "u1", "u2").manager, role).toBe(manager);
      expect(canChangeNote({ author: { _id: "u2", name: "Ana" } }, { id: "u1", role }), role).toBe(can(role, "notes.edit-any"));
    }
  });
});
