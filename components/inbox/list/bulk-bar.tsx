"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { useLabels } from "@/lib/hooks/use-labels";
import { ChoiceMenu } from "@/components/inbox/choice-menu";
import { bulkAssign, bulkLabel, setStatus, type BulkResult } from "@/lib/hooks/use-conversation-actions";

type Props = { pageId: string; ids: string[]; onClear: () => void; onDone: () => void };

const BUTTON = "inline-flex h-8 items-center rounded-md px-2.5 text-[13px] font-medium ring-1 ring-inset ring-slate-200 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/**
 * The list's bulk actions on the selected conversations (docs/PRODUCT.md §11): mark done, assign to me,
 * label. Each conversation follows the same rules as one at a time; refusals are counted in the toast.
 */
export function BulkBar({ pageId, ids, onClear, onDone }: Props) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const labels = useLabels(labelsOpen ? pageId : null);

  async function run(action: () => Promise<BulkResult | unknown>, what: string) {
    setBusy(true);
    try {
      const result = (await action()) as Partial<BulkResult>;
      const refused = result.refused?.length ?? 0;
      if (refused) toast.error(`${what}: ${result.changed} changed, ${refused} refused (${result.refused![0]!.message})`);
      else toast.success(what);
      setLabelsOpen(false);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to change the conversations, please try again"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="toolbar" aria-label="Selected conversations" className="flex flex-wrap items-center gap-1.5 border-b border-indigo-100 bg-indigo-50 px-3 py-2">
      <span className="mr-auto text-[13px] font-medium text-indigo-900" aria-live="polite">
        {ids.length} selected
      </span>
      <button type="button" className={BUTTON} disabled={busy} onClick={() => void run(() => setStatus(ids, pageId, "done"), `${ids.length} marked done`)}>
        Mark done
      </button>
      {user && (
        <button type="button" className={BUTTON} disabled={busy} onClick={() => void run(() => bulkAssign(ids, pageId, user.id), "Assigned to you")}>
          Assign to me
        </button>
      )}
      <ChoiceMenu
        open={labelsOpen}
        onOpenChange={setLabelsOpen}
        trigger={{ label: "Label", className: BUTTON, disabled: busy, children: "Label" }}
        note={labels.isLoading ? "Loading labels..." : labels.data?.length === 0 ? "No labels yet" : null}
        disabled={busy}
        choices={(labels.data ?? []).map((label) => ({
          key: label._id,
          label: label.name,
          onSelect: () => void run(() => bulkLabel(ids, pageId, { tag: label.name.toLowerCase(), color: label.color }), `Labelled ${label.name}`),
        }))}
      />
      <button type="button" className={BUTTON} onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
