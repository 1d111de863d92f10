"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { api, errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/dates";
import type { ApiInstagramAccount } from "@/lib/schemas/instagram";
import type { ApiPage } from "@/lib/schemas/pages";

/**
 * The Page's Instagram channel on its screen (docs/WEBHOOKS.md, "Instagram"): the linked professional
 * account, Instagram's own state (linked, permitted, subscribed, last event) and the switch that brings its
 * Direct messages into the Page's inbox. `onChange` reloads the page after a change.
 */
export function InstagramPanel({ page, onChange }: { page: ApiPage; onChange: () => unknown }) {
  const [pending, setPending] = useState<"toggle" | "check" | null>(null);
  const account = page.instagram;
  const base = `/api/pages/${encodeURIComponent(page._id)}/instagram`;

  async function run(kind: "toggle" | "check", request: () => Promise<unknown>, done: string) {
    setPending(kind);
    try {
      await request();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, "Instagram could not be changed. Please try again."));
    } finally {
      setPending(null);
      await onChange();
    }
  }
  const toggle = (enabled: boolean) => run("toggle", () => api(base, { method: "PUT", body: { enabled } }), enabled ? "Instagram is on for this page" : "Instagram is off for this page");
  const check = () => run("check", () => api(base, { method: "POST" }), "Instagram account checked");

  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm shadow-sm" aria-label="Instagram">
      <div className="flex items-center justify-between gap-4">
        <span className="font-medium text-slate-700">Instagram Direct</span>
        <span className={account?.enabled ? "rounded-full bg-pink-50 px-2 py-0.5 text-xs font-medium text-pink-700" : "rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600"} data-testid="instagram-state">
          {account?.enabled ? "On" : "Off"}
        </span>
      </div>
      {account ? <AccountLines account={account} /> : <p className="text-slate-600">No Instagram account is known for this page. Link an Instagram professional account to the Page on Facebook, then check again.</p>}
      <div className="flex flex-wrap gap-2">
        {account && (
          <Button size="sm" variant={account.enabled ? "secondary" : "primary"} pending={pending === "toggle"} pendingText="Saving..." onClick={() => toggle(!account.enabled)}>
            {account.enabled ? "Turn Instagram off" : "Turn Instagram on"}
          </Button>
        )}
        <Button size="sm" variant="secondary" pending={pending === "check"} pendingText="Checking..." onClick={check}>
          Check again
        </Button>
      </div>
    </section>
  );
}

function AccountLines({ account }: { account: ApiInstagramAccount }) {
  return (
    <ul className="space-y-1 text-slate-600" data-testid="instagram-lines">
      <li>
        <span className="font-medium text-slate-700">Linked: </span>
        {account.username ? `@${account.username}` : "an Instagram professional account"} (ID {account.id})
      </li>
      <li className={account.permitted ? undefined : "text-amber-800"}>
        <span className="font-medium text-slate-700">Permitted: </span>
        {account.permitted ? "yes — the page's token may answer Instagram messages" : (account.check_error ?? "not checked yet")}
      </li>
      <li className={account.subscribed ? undefined : "text-amber-800"}>
        <span className="font-medium text-slate-700">Subscribed: </span>
        {account.subscribed ? "yes, through the page's webhook subscription" : "no — the page's webhook subscription failed (see above)"}
      </li>
      <li>
        <span className="font-medium text-slate-700">Last event: </span>
        {account.last_event_at ? formatDateTime(account.last_event_at) : "none yet"}
      </li>
    </ul>
  );
}
