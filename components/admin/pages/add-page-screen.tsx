"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { PageForm, type PageFormPayload } from "@/components/admin/pages/page-form";
import { api } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import { useAdminUser } from "@/lib/hooks/use-admin-users";

/** /{userId}/add-page (SPEC §2): connect a Facebook page for a user, with a back link to /users. */
export function AddPageScreen({ userId }: { userId: string }) {
  const router = useRouter();
  const refresh = useRefreshPages();
  const { data: user } = useAdminUser(userId);

  async function add(payload: PageFormPayload) {
    const res = await api<{ message?: string }>("/api/pages", { method: "POST", body: payload });
    toast.success(res?.message ?? "Page added successfully");
    await refresh();
    router.push(`/fb-pages/${userId}`);
  }

  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href="/users">Back to Users</BackLink>
      <PageHeader
        title="Add Page"
        subtitle={user ? `Connect a Facebook page for ${user.name}${user.company ? ` (${user.company.name})` : ""}.` : "Connect a Facebook page for this user."}
      />
      <PageForm mode="add" userId={userId} cancelHref="/users" onSubmit={add} />
    </div>
  );
}
