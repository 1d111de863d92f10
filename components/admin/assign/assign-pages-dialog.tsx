"use client";

import { useState } from "react";
import { Modal } from "@/components/admin/common/modal";
import { AssignedChips } from "@/components/admin/assign/assigned-chips";
import { AvailablePages } from "@/components/admin/assign/available-pages";
import { useAssignPages } from "@/components/admin/assign/use-assign-pages";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { assignButtonText, availablePages } from "@/lib/admin/assign-pages";
import { useAdminPages, useUserPages } from "@/lib/hooks/use-admin-pages";
import type { ApiPage } from "@/lib/schemas/pages";

export type AssignTarget = { _id: string; name: string; email: string };

/** PRODUCT §2 Assign Pages modal, for one user (shown read-only). */
export function AssignPagesDialog({ user, onClose }: { user: AssignTarget | null; onClose(): void }) {
  return (
    <Modal open={user !== null} onOpenChange={(open) => !open && onClose()} title="Assign Pages" size="lg">
      {user && <AssignPagesLoader user={user} onClose={onClose} />}
    </Modal>
  );
}

/** Waits for the company's pages and the user's current ones, then starts the form from them. */
function AssignPagesLoader({ user, onClose }: { user: AssignTarget; onClose(): void }) {
  const companyPages = useAdminPages();
  const current = useUserPages(user._id);
  if (current.error && !current.data) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-600">
        Failed to load pages. Please try again.
      </p>
    );
  }
  if (!current.data) return <LoadingBlock label="Loading pages..." />;
  // Owned pages of a staff user are assigned too (the server adds both); only assignments count here.
  const initial = current.data.pages.filter((p) => p.assigned !== false).map((p) => p._id);
  return <AssignPagesForm user={user} initial={initial} pages={companyPages.data ?? []} loading={companyPages.isLoading} onClose={onClose} />;
}

function AssignPagesForm({ user, initial, pages, loading, onClose }: { user: AssignTarget; initial: string[]; pages: ApiPage[]; loading: boolean; onClose(): void }) {
  const [search, setSearch] = useState("");
  const state = useAssignPages({ userId: user._id, initial, onDone: onClose });
  const byId = new Map(pages.map((p) => [p._id, p]));
  const chips = state.selected.map((id) => ({ _id: id, name: byId.get(id)?.name ?? id }));
  const busy = state.assigning || state.removing !== null;

  return (
    <div className="space-y-5">
      <Field id="assign-user" label="User">
        <Input id="assign-user" value={`${user.name} (${user.email})`} readOnly disabled />
      </Field>
      <p className="text-sm text-slate-500">
        {state.saved.length > 0 ? "Modify page assignments or add new pages for this user" : "Select one or more Facebook pages to assign to this user"}
      </p>
      <AssignedChips pages={chips} onRemove={state.remove} removing={state.removing} disabled={state.assigning} />
      <AvailablePages
        pages={availablePages(pages, state.selected, search)}
        total={pages.length}
        loading={loading}
        search={search}
        onSearch={setSearch}
        onAdd={state.add}
        disabled={busy}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={state.assigning}>
          Cancel
        </Button>
        <Button onClick={state.submit} disabled={state.selected.length === 0 || state.removing !== null} pending={state.assigning} pendingText="Assigning...">
          {assignButtonText(state.selected.length)}
        </Button>
      </div>
    </div>
  );
}
