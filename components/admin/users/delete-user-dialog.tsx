"use client";

import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import type { ApiUser } from "@/lib/schemas/users";

/** PRODUCT §5: 'Are you sure you want to delete the user "{name}"' (the generic dialog adds the rest). */
export function DeleteUserDialog({ user, onClose, onConfirm }: { user: ApiUser | null; onClose(): void; onConfirm(): Promise<void> }) {
  return (
    <DeleteConfirmation
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      item={`the user "${user?.name ?? ""}"`}
      onConfirm={onConfirm}
    />
  );
}
