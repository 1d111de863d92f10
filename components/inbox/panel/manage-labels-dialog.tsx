"use client";

import { LabelCreateForm } from "@/components/inbox/panel/label-create-form";
import { LabelList } from "@/components/inbox/panel/label-list";
import { LABEL_TEXTS } from "@/components/inbox/panel/tag-rules";
import { PanelDialog } from "@/components/inbox/panel/panel-dialog";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useLabels } from "@/lib/hooks/use-labels";
import type { ConversationTag, Label } from "@/lib/inbox/types";

/** The Manage labels modal (PRODUCT §2): refresh, create, the page's labels to assign or delete, and Done. */
export function ManageLabelsDialog({
  open,
  onOpenChange,
  pageId,
  assignedTags,
  assigningName,
  onAssign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pageId: string;
  assignedTags: ConversationTag[];
  assigningName: string | null;
  onAssign: (label: Label) => void;
}) {
  return (
    <PanelDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Manage labels"
      description={LABEL_TEXTS.explainer}
      className="max-w-lg"
      actions={<RefreshLabelsButton pageId={pageId} />}
      footer={<Button onClick={() => onOpenChange(false)}>Done</Button>}
    >
      <div className="space-y-4">
        <LabelCreateForm pageId={pageId} />
        <LabelList pageId={pageId} assignedTags={assignedTags} assigningName={assigningName} onAssign={onAssign} />
      </div>
    </PanelDialog>
  );
}

function RefreshLabelsButton({ pageId }: { pageId: string }) {
  const { mutate, isValidating } = useLabels(pageId);
  return (
    <button
      type="button"
      aria-label="Refresh labels"
      title="Refresh labels"
      disabled={isValidating}
      onClick={() => void mutate()}
      className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      <RefreshIcon className={cn("size-4", isValidating && "animate-spin")} />
    </button>
  );
}
