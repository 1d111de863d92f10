"use client";

import type { ReactNode } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { FlagIcon } from "@/components/ui/icons";
import { roleLabel } from "@/lib/roles";

/** Profile Settings (SPEC §2): the signed-in user as the session knows them. */
export function ProfileSettings() {
  const { user } = useAuth();
  if (!user) return null;
  const pages = user.pages ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile Settings" subtitle="Your account as Switchboard knows it." />

      <Card className="overflow-hidden">
        <div className="flex items-center gap-4 border-b border-slate-100 px-5 py-5 sm:px-6">
          <Avatar name={user.name} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
        </div>
        <dl className="divide-y divide-slate-100">
          <ProfileRow label="Name" value={user.name} />
          <ProfileRow label="Email" value={user.email} />
          <ProfileRow
            label="Role"
            value={
              <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/10 ring-inset">
                {roleLabel(user.role)}
              </span>
            }
          />
        </dl>
      </Card>

      <Card className="mt-6">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">Pages</h2>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{pages.length}</span>
        </div>
        {pages.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-500 sm:px-6">No pages assigned yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {pages.map((page) => (
              <li key={page.id} className="flex items-center gap-3 px-5 py-3 sm:px-6">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                  <FlagIcon className="size-4" />
                </span>
                <span className="min-w-0 truncate text-sm font-medium text-slate-800">{page.name}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function ProfileRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900 sm:col-span-2">{value}</dd>
    </div>
  );
}
