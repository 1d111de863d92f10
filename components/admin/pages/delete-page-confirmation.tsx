"use client";

import type { useDeletePage } from "@/components/admin/pages/use-delete-page";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";

/** The confirmation dialog of the delete-page flow, shared by both Pages screens. */
export function DeletePageConfirmation({ remove }: { remove: ReturnType<typeof useDeletePage> }) {
  return (
    <DeleteConfirmation
      open={remove.target !== null}
      onOpenChange={(open) => !open && remove.close()}
      item={`the page "${remove.target?.name ?? ""}"`}
      onConfirm={remove.confirm}
    />
  );
}
