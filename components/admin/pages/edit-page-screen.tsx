"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { PageHealthPanel } from "@/components/admin/pages/page-health-panel";
import { InstagramPanel } from "@/components/admin/pages/instagram-panel";
import { AutoRepliesPanel } from "@/components/admin/pages/auto-replies-panel";
import { PageForm, type PageFormPayload } from "@/components/admin/pages/page-form";
import { api } from "@/lib/api/client";
import { useAdminPage, useLivePageHealth, useRefreshPages } from "@/lib/hooks/use-admin-pages";
import { useAuth } from "@/components/auth/auth-provider";
import type { PUT as UpdatePage } from "@/app/api/pages/[id]/route";
import type { Answer } from "@/lib/contract/http";

/**
 * /edit-page/{id} (PRODUCT §2) and /company/fb-pages/{id}/edit: the page's health, its name and id, and a new
 * token only when one is typed.
 */
export function EditPageScreen({ id, backHref }: { id: string; backHref?: string }) {
  const router = useRouter();
  const refresh = useRefreshPages();
  const { data: page, error, isValidating, mutate } = useAdminPage(id);
  useLivePageHealth(useAuth().token, page ? [page._id] : []);
  // PRODUCT §2: the route's user parameter is the page's owner; their pages list is where we came from.
  const back = backHref ?? (page?.user_id ? `/fb-pages/${page.user_id}` : "/pages");

  async function save(payload: PageFormPayload) {
    const { user_id: _owner, ...body } = payload;
    const res = await api<Answer<typeof UpdatePage>>(`/api/pages/${encodeURIComponent(id)}`, { method: "PUT", body });
    toast.success(res?.message ?? "Page updated successfully");
    await refresh();
    router.push(back);
  }

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href={back}>Back to Pages</BackLink>
      <PageHeader title="Edit Page" subtitle={page ? `${page.name} · ${page.company?.name ?? ""}`.replace(/ · $/, "") : undefined} />
      {error && !page ? (
        <LoadError title="Error Loading Pages" message="Failed to load the page. Please try again." onRetry={() => mutate()} retrying={isValidating} />
      ) : !page ? (
        <LoadingBlock label="Loading page..." />
      ) : (
        <div className="space-y-4">
          <PageHealthPanel page={page} />
          <InstagramPanel page={page} onChange={() => mutate()} />
          <AutoRepliesPanel page={page} onChange={() => mutate()} />
          <PageForm mode="edit" initial={{ name: page.name, page_id: page.page_id }} cancelHref={back} onSubmit={save} />
        </div>
      )}
    </div>
  );
}
