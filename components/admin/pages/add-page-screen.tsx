"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { PageForm, type PageFormPayload } from "@/components/admin/pages/page-form";
import { ConnectWithFacebook, FacebookPagePicker } from "@/components/admin/pages/connect-with-facebook";
import { api } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import { useAdminUser } from "@/lib/hooks/use-admin-users";
import type { POST as AddPage } from "@/app/api/pages/route";
import type { Answer } from "@/lib/contract/http";

/**
 * Connect a Facebook page: "Connect with Facebook" beside the manual form. The super admin's
 * /{userId}/add-page (PRODUCT §2: for a user, back link to /users) and the company admin's
 * /company/fb-pages/add (no user: the page is theirs) share it.
 */
export function AddPageScreen({
  userId,
  backHref,
  backLabel,
  doneHref,
  facebookLogin,
  facebookSession,
}: {
  userId?: string;
  backHref: string;
  backLabel: string;
  doneHref: string;
  /** META_APP_ID is set: offer "Connect with Facebook". */
  facebookLogin: boolean;
  /** Back from Facebook Login: the picker session's id (?facebook=…). */
  facebookSession?: string;
}) {
  const router = useRouter();
  const refresh = useRefreshPages();
  const { data: user } = useAdminUser(userId ?? null);

  async function add(payload: PageFormPayload) {
    const res = await api<Answer<typeof AddPage>>("/api/pages", { method: "POST", body: payload });
    toast.success(res?.message ?? "Page added successfully");
    await refresh();
    router.push(doneHref);
  }

  const forWhom = userId ? (user ? ` for ${user.name}${user.company ? ` (${user.company.name})` : ""}` : " for this user") : "";
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink href={backHref}>{backLabel}</BackLink>
      <PageHeader title="Add Page" subtitle={`Connect a Facebook page${forWhom}.`} />
      {facebookSession ? (
        <FacebookPagePicker session={facebookSession} doneHref={doneHref} cancelHref={backHref} />
      ) : (
        <>
          <ConnectWithFacebook enabled={facebookLogin} userId={userId} />
          <PageForm mode="add" userId={userId} cancelHref={backHref} onSubmit={add} />
        </>
      )}
    </div>
  );
}
