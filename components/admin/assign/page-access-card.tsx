"use client";

import { useState } from "react";
import { AssignPagesDialog } from "@/components/admin/assign/assign-pages-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FlagIcon } from "@/components/ui/icons";
import { useUserPages } from "@/lib/hooks/use-admin-pages";
import type { ApiUser } from "@/lib/schemas/users";

/** A staff or admin user's pages on their details screen, with the Assign Pages modal. */
export function PageAccessCard({ user }: { user: ApiUser }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useUserPages(user._id);
  const pages = (data?.pages ?? []).filter((p) => p.assigned !== false);

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Page access</h2>
          <p className="mt-1 text-sm text-slate-500">The Facebook pages this user answers.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <FlagIcon className="size-4" />
          Assign Pages
        </Button>
      </div>
      <div className="px-5 py-4 sm:px-6">
        {error && !data ? (
          <p className="text-sm text-red-600">Failed to load pages. Please try again.</p>
        ) : !data ? (
          <p className="text-sm text-slate-500">Loading pages...</p>
        ) : pages.length === 0 ? (
          <p className="text-sm text-slate-500">No pages assigned yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Assigned pages">
            {pages.map((page) => (
              <li key={page._id} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
                {page.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <AssignPagesDialog user={open ? user : null} onClose={() => setOpen(false)} />
    </Card>
  );
}
