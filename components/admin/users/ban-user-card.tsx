"use client";

import { toast } from "@/lib/toast";
import { useFormAction } from "@/components/admin/common/form-action";
import { CardHeader } from "@/components/admin/common/form-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LockIcon, ShieldAlertIcon, ShieldCheckIcon } from "@/components/ui/icons";
import { api } from "@/lib/api/client";
import { USER_BANNED, USER_UNBANNED, type ApiUser } from "@/lib/schemas/users";
import type { POST as BanUser } from "@/app/api/auth/ban-user/route";
import type { Answer } from "@/lib/contract/http";

const BAN_FAILED = "Failed to ban/unban user, please try again";

/** PRODUCT §2 'User Management': ban or unban with a warning; the success text says which (PRODUCT §4). */
export function BanUserCard({ user, onChanged }: { user: ApiUser; onChanged(user: ApiUser): void }) {
  const { pending, run } = useFormAction(BAN_FAILED);
  const banning = user.is_active;

  const toggle = () =>
    run(async () => {
      const res = await api<Answer<typeof BanUser>>("/api/auth/ban-user", { method: "POST", body: { id: user._id, isActive: !banning } });
      toast.success(res?.message ?? (banning ? USER_BANNED : USER_UNBANNED));
      onChanged(res?.user ?? { ...user, is_active: !banning });
    });

  return (
    <Card>
      <CardHeader title="User Management" description="Control whether this user can sign in." />
      <div className="space-y-4 px-5 py-5 sm:px-6">
        <div
          className={
            banning
              ? "flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
              : "flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          }
        >
          {banning ? <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" /> : <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" />}
          <p>
            {banning
              ? "Warning: banning this user signs them out at once and stops them from signing in until they are unbanned."
              : "This user is banned and cannot sign in. Unbanning lets them sign in again."}
          </p>
        </div>
        <Button variant={banning ? "danger" : "primary"} pending={pending} pendingText={banning ? "Banning..." : "Unbanning..."} onClick={toggle}>
          <LockIcon className="size-4" />
          {banning ? "Ban User" : "Unban User"}
        </Button>
      </div>
    </Card>
  );
}
