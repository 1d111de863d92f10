"use client";

import type { ReactNode } from "react";
import { Modal } from "@/components/admin/common/modal";
import { ActiveBadge, RoleBadge } from "@/components/admin/common/role-badge";
import { Avatar } from "@/components/ui/avatar";
import { formatDate } from "@/lib/format/dates";
import type { ApiUser } from "@/lib/schemas/users";

/** The company users list's view modal (PRODUCT §2): the user at a glance. */
export function UserViewDialog({ user, onClose }: { user: ApiUser | null; onClose(): void }) {
  return (
    <Modal open={user !== null} onOpenChange={(open) => !open && onClose()} title="User Details">
      {user && (
        <div>
          <div className="flex items-center gap-3">
            <Avatar name={user.name} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-base font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-500">{user.email}</p>
            </div>
          </div>
          <dl className="mt-5 divide-y divide-slate-100 rounded-lg border border-slate-200">
            <Row label="Role" value={<RoleBadge role={user.role} />} />
            <Row label="Status" value={<ActiveBadge active={user.is_active} />} />
            <Row label="Company" value={user.company?.name ?? "N/A"} />
            <Row label="Joined" value={formatDate(user.created_at)} />
          </dl>
        </div>
      )}
    </Modal>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right break-words text-slate-900">{value}</dd>
    </div>
  );
}
