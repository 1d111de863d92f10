"use client";

import { useState } from "react";
import { SheetEntryDialog } from "@/components/inbox/panel/sheet-entry-dialog";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import type { ConversationListItem } from "@/lib/inbox/types";

/** The 'Add Sheet Entry' button and its dialog; the caller shows it to admins only (PRODUCT §6). */
export function SheetEntryButton({ conversation }: { conversation: ConversationListItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        <PlusIcon className="size-4" />
        Add Sheet Entry
      </Button>
      <SheetEntryDialog open={open} onOpenChange={setOpen} conversation={conversation} />
    </>
  );
}
