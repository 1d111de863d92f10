"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { LabelRow } from "@/components/inbox/panel/label-row";
import { LABEL_TEXTS, sameTag } from "@/components/inbox/panel/tag-rules";
import { useRefreshConversationLists } from "@/components/inbox/panel/use-conversation-tags";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { Button } from "@/components/ui/button";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { Spinner } from "@/components/ui/spinner";
import { api, errorMessage } from "@/lib/api/client";
import { isLabelsKey, useLabels } from "@/lib/hooks/use-labels";
import type { ConversationTag, Label } from "@/lib/inbox/types";

/** The page's labels with Assign Label, and Delete Label for admins only (PRODUCT §6). */
export function LabelList({
  pageId,
  assignedTags,
  assigningName,
  onAssign,
}: {
  pageId: string;
  assignedTags: ConversationTag[];
  assigningName: string | null;
  onAssign: (label: Label) => void;
}) {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const refreshLists = useRefreshConversationLists();
  const labels = useLabels(pageId);
  const [toDelete, setToDelete] = useState<Label | null>(null);

  async function deleteLabel(label: Label) {
    try {
      await api(`/api/labels/${encodeURIComponent(label._id)}`, { method: "DELETE" });
    } catch (error) {
      toast.error(errorMessage(error, LABEL_TEXTS.deleteFailed));
      throw error;
    }
    toast.success(LABEL_TEXTS.deleted);
    void mutate(isLabelsKey);
    // Deleting a label takes it off everyone, so the list's chips change too.
    refreshLists();
  }

  if (labels.error && !labels.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
        <p className="text-sm font-medium text-red-600">{LABEL_TEXTS.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void labels.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!labels.data) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading labels" className="[&_svg]:size-6" />
      </div>
    );
  }
  if (labels.data.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No labels yet. Create one above.</p>;
  }

  return (
    <>
      <ul aria-label="Page labels" className="divide-y divide-slate-100">
        {labels.data.map((label) => (
          <LabelRow
            key={label._id}
            label={label}
            assigned={assignedTags.some((tag) => sameTag(tag.tag, label.name))}
            assigning={assigningName !== null && sameTag(assigningName, label.name)}
            assignDisabled={assigningName !== null}
            canDelete={can(user?.role, "labels.delete")}
            onAssign={() => onAssign(label)}
            onDelete={() => setToDelete(label)}
          />
        ))}
      </ul>
      <DeleteConfirmation
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        item={toDelete ? `the label "${toDelete.name}"` : "this label"}
        onConfirm={() => (toDelete ? deleteLabel(toDelete) : undefined)}
      />
    </>
  );
}
