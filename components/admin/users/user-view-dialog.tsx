"use client";

import { Modal } from "@/components/admin/common/modal";
import { ActiveBadge, RoleBadge } from "@/components/admin/common/role-badge";
import { Detail } from "@/components/ui/detail-item";
import { DetailPerson } from "@/components/ui/detail-person";
import { formatDate } from "@/lib/format/dates";
import type { ApiUser } from "@/lib/schemas/users";

/** The company users list's view modal (PRODUCT §2): the user at a glance. */
export function UserViewDialog({ user, onClose }: { user: ApiUser | null; onClose(): void }) {
  return (
    <Modal open={user !== null} onOpenChange={(open) => !open && onClose()} title="User Details">
      {user && (
        <div>
          <DetailPerson look="dialog" name={user.name} email={user.email} />
          <dl className="mt-5 divide-y divide-slate-100 rounded-lg border border-slate-200">
            <Detail layout="inline" label="Role" value={<RoleBadge role={user.role} />} />
            <Detail layout="inline" label="Status" value={<ActiveBadge active={user.is_active} />} />
            <Detail layout="inline" label="Company" value={user.company?.name ?? "N/A"} />
            <Detail layout="inline" label="Joined" value={formatDate(user.created_at)} />
          </dl>
        </div>
      )}
    </Modal>
  );
}
