"use client";

import { useState } from "react";
import { ManageLabelsDialog } from "@/components/inbox/panel/manage-labels-dialog";
import { LABEL_TEXTS } from "@/components/inbox/panel/tag-rules";
import { TagChip } from "@/components/inbox/panel/tag-chip";
import { useConversationTags } from "@/components/inbox/panel/use-conversation-tags";
import { Button } from "@/components/ui/button";
import type { ConversationListItem } from "@/lib/inbox/types";

/** The Labels panel (PRODUCT §2): the conversation's tags as chips, and the Manage labels modal. */
export function LabelsPanel({ pageId, conversation }: { pageId: string; conversation: ConversationListItem }) {
  const [manageOpen, setManageOpen] = useState(false);
  const { tags, busyTag, assign, remove } = useConversationTags(conversation);

  return (
    <section aria-labelledby="labels-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="labels-heading" className="text-sm font-semibold text-slate-900">
          Labels
        </h2>
        <Button variant="link" className="text-sm" onClick={() => setManageOpen(true)}>
          Manage labels
        </Button>
      </div>
      {tags.length === 0 ? (
        <p className="text-sm text-slate-500">{LABEL_TEXTS.noneAssigned}</p>
      ) : (
        <ul aria-label="Assigned labels" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <TagChip key={tag.tag} tag={tag.tag} color={tag.color} removing={busyTag === tag.tag} onRemove={() => void remove(tag.tag)} />
          ))}
        </ul>
      )}
      <ManageLabelsDialog
        open={manageOpen}
        onOpenChange={setManageOpen}
        pageId={pageId}
        assignedTags={tags}
        assigningName={busyTag}
        onAssign={assign}
      />
    </section>
  );
}
