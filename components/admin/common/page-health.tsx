"use client";

import { Badge } from "@/components/admin/common/badge";
import { useNow } from "@/lib/hooks/use-now";
import { pageHealth, type TokenStatus } from "@/lib/admin/page-health";

/** Beyond the spec: token valid / 'Needs new token', and when the page's last webhook event arrived. */
export function PageHealthCell({ tokenStatus, lastWebhookAt }: { tokenStatus?: TokenStatus | null; lastWebhookAt?: string | null }) {
  const now = useNow(60_000);
  const health = pageHealth({ tokenStatus, lastWebhookAt }, now);
  return (
    <div className="flex flex-col items-start gap-1 max-md:items-end">
      <Badge tone={health.token.ok ? "green" : "amber"}>{health.token.label}</Badge>
      <span className="text-xs whitespace-nowrap text-slate-500" title={lastWebhookAt ?? undefined}>
        {health.webhook.label}
      </span>
    </div>
  );
}
