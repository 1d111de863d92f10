import type { AppRolesEvent } from "@/server/integrations/meta/webhook-body";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { applyAppRoles } from "@/server/services/handover/page-role";

/** app_roles: the Page's handover roles changed (handover/page-role.ts). */
export async function handleAppRolesEvent(page: IngestPage, event: AppRolesEvent): Promise<void> {
  await applyAppRoles(page.id, event.roles, new Date(event.timestamp));
}
