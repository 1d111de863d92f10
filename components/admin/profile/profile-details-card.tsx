"use client";

import type { ReactNode } from "react";
import { RoleBadge } from "@/components/admin/common/role-badge";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { FlagIcon } from "@/components/ui/icons";
import type { SessionUser } from "@/lib/schemas/auth";
import { hasTrait } from "@/lib/access/roles";

/** The signed-in user: name, e-mail, role, company and the pages they answer. */
export function ProfileDetailsCard({ user, company }: { user: SessionUser; company: string | null }) {
  const pages = user.pages ?? [];
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-4 border-b border-slate-100 px-5 py-5 sm:px-6">
        <Avatar name={user.name} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
      </div>
      <dl className="divide-y divide-slate-100">
        <Row label="Name" value={user.name} />
        <Row label="Email" value={<span className="break-all">{user.email}</span>} />
        <Row label="Role" value={<RoleBadge role={user.role} />} />
        <Row label="Company" value={company ?? (hasTrait(user.role, "allCompanies") ? "All companies" : "N/A")} />
        <Row
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

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900 sm:col-span-2">{value}</dd>
    </div>
  );
}
