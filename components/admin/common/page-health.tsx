"use client";

import { Badge } from "@/components/admin/common/badge";
import { useNow } from "@/lib/hooks/use-now";
import { HEALTH_HINTS, pageHealth, type PageHealthInput } from "@/lib/admin/page-health";

/** Beyond the spec: the page's health state (lib/admin/page-health.ts) and when its last webhook event arrived. */
export function PageHealthCell({ page }: { page: PageHealthInput }) {
  const now = useNow(60_000);
  const health = pageHealth(page, now);
  const tone = health.state === "healthy" ? "green" : health.state === "needs_token" || health.state === "policy_blocked" ? "red" : "amber";
  return (
    <div className="flex flex-col items-start gap-1 max-md:items-end" data-health={health.state}>
      <Badge tone={tone} title={HEALTH_HINTS[health.state]}>
        {health.token.label}
      </Badge>
      <span className="text-xs whitespace-nowrap text-slate-500" title={page.lastWebhookAt ? String(page.lastWebhookAt) : undefined}>
        {health.webhook.label}
      </span>
    </div>
  );
}
