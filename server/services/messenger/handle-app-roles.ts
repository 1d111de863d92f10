import type { AppRolesEvent } from "@/server/messenger/webhook-events";
import type { IngestPage } from "@/server/services/messenger/ingest-context";
import { applyAppRoles } from "@/server/services/handover/page-role";

/** app_roles: the Page's handover roles changed (handover/page-role.ts). */
export async function handleAppRolesEvent(page: IngestPage, event: AppRolesEvent): Promise<void> {
  await applyAppRoles(page.id, event.roles, new Date(event.timestamp));
}
