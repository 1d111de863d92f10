"use client";

import { RoleBadge } from "@/components/admin/common/role-badge";
import { Card } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail-item";
import { DetailPerson } from "@/components/ui/detail-person";
import { FlagIcon } from "@/components/ui/icons";
import type { SessionUser } from "@/lib/schemas/auth";
import { hasTrait } from "@/lib/access/roles";

/** The signed-in user: name, e-mail, role, company and the pages they answer. */
export function ProfileDetailsCard({ user, company }: { user: SessionUser; company: string | null }) {
  const pages = user.pages ?? [];
  return (
    <Card className="overflow-hidden">
      <DetailPerson look="card" name={user.name} email={user.email} />
      <dl className="divide-y divide-slate-100">
        <Detail layout="row" label="Name" value={user.name} />
        <Detail layout="row" label="Email" value={<span className="break-all">{user.email}</span>} />
        <Detail layout="row" label="Role" value={<RoleBadge role={user.role} />} />
        <Detail layout="row" label="Company" value={company ?? (hasTrait(user.role, "allCompanies") ? "All companies" : "N/A")} />
        <Detail
          layout="row"
          label="Assigned pages"
          value={
            hasTrait(user.role, "allCompanies") ? (
              "Every page (super admin)"
            ) : pages.length === 0 ? (
              "No pages assigned yet."
            ) : (
              <ul className="flex flex-wrap gap-2">
                {pages.map((page) => (
                  <li key={page.id} className="inline-flex items-center gap-1.5 rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-700">
                    <FlagIcon className="size-3.5" />
                    {page.name}
                  </li>
                ))}
              </ul>
            )
          }
        />
      </dl>
    </Card>
  );
}
