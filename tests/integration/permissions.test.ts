import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rolesFor } from "@/lib/access/permissions";
import { loadRouteTable } from "./support/route-table";

// The API and the UI read one permission map (lib/access/permissions.ts): every guarded route names its
// action, admits exactly that action's roles, and the inbox panel's buttons read the same actions as the
// routes they call, so the browser offers exactly what the API allows.

describe("the route wrapper reads the permission map", () => {
  it("every signed-in route names an action (or none, for any signed-in user) and admits exactly its roles", async () => {
    const open = [];
    for (const route of await loadRouteTable()) {
      const { meta } = route.handler;
      if (meta.public) continue;
      if (!meta.can) {
        open.push(route.key);
        expect(meta.roles, route.key).toBeUndefined();
        continue;
      }
      expect(meta.roles, route.key).toEqual(rolesFor(meta.can));
    }
    expect(open.sort()).toEqual(["GET /api/auth/me", "POST /api/auth/change-password", "POST /api/auth/sign-out", "POST /api/auth/sign-out-everywhere"]);
  });

  it("label delete and sheet entries: the panel's buttons read the actions of the routes they call", async () => {
    const table = await loadRouteTable();
    const action = (key: string) => table.find((r) => r.key === key)?.handler.meta.can;
    expect(action("DELETE /api/labels/[id]")).toBe("labels.delete");
    expect(action("POST /api/sheets/create")).toBe("sheets.book");
    expect(readFileSync("components/inbox/panel/label-list.tsx", "utf8")).toContain('canDelete={can(user?.role, "labels.delete")}');
    expect(readFileSync("components/inbox/panel/right-panel.tsx", "utf8")).toContain('can(user?.role, "sheets.book") && (');
  });
});
