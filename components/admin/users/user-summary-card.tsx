import { ActiveBadge, RoleBadge } from "@/components/admin/common/role-badge";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail-item";
import { formatDate } from "@/lib/format/dates";
import type { ApiUser } from "@/lib/schemas/users";

/** PRODUCT §2 /users/{id}: name, the Active/InActive badge, e-mail, joined date and role. */
export function UserSummaryCard({ user }: { user: ApiUser }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-4 border-b border-slate-100 px-5 py-5 sm:px-6">
        <Avatar name={user.name} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-lg font-semibold text-slate-900">{user.name}</h2>
            <ActiveBadge active={user.is_active} />
          </div>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
      </div>
      <dl className="grid gap-px bg-slate-100 sm:grid-cols-2">
        <Detail layout="tile" label="Email" value={<span className="break-all">{user.email}</span>} />
        <Detail layout="tile" label="Role" value={<RoleBadge role={user.role} />} />
        <Detail layout="tile" label="Joined" value={formatDate(user.created_at)} />
        <Detail layout="tile" label="Company" value={user.company?.name ?? "N/A"} />
      </dl>
    </Card>
  );
}
