"use client";

import { labelColorClasses } from "@/components/inbox/panel/label-colors";
import { Button } from "@/components/ui/button";
import { CheckIcon, TrashIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import type { Label } from "@/lib/inbox/types";

/** One of the page's labels in the modal: Assign Label (or 'Assigned'), and Delete Label for admins. */
export function LabelRow({
  label,
  assigned,
  assigning,
  assignDisabled,
  canDelete,
  onAssign,
  onDelete,
}: {
  label: Label;
  assigned: boolean;
  assigning: boolean;
  assignDisabled: boolean;
  canDelete: boolean;
  onAssign: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex items-center gap-2 py-2">
      <span className={cn("size-3 shrink-0 rounded-full", labelColorClasses(label.color).swatch)} aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800" title={label.name}>
        {label.name}
      </span>
      {assigned ? (
        <span className="inline-flex h-8 items-center gap-1 px-2 text-xs font-medium text-emerald-700">
          <CheckIcon className="size-3.5" />
          Assigned
        </span>
      ) : (
        <Button variant="secondary" size="sm" disabled={assignDisabled} pending={assigning} onClick={onAssign}>
          Assign Label
        </Button>
      )}
      {canDelete && (
        <Button variant="ghost-danger" size="sm" className="px-2" aria-label={`Delete Label ${label.name}`} title="Delete Label" onClick={onDelete}>
          <TrashIcon className="size-4" />
        </Button>
      )}
    </li>
  );
}
