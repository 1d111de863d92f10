import { NoteIcon } from "@/components/ui/icons";

/**
 * The right panel before a conversation is open. Kept apart from RightPanel so the panel's code (labels,
 * notes, their forms and validation) loads only when a conversation is opened, not with /chats.
 */
export function RightPanelHint() {
  return (
    <section aria-label="Conversation details" className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <NoteIcon className="size-6 text-slate-300" />
      <p className="text-sm text-slate-500">Select a conversation to see its labels and notes.</p>
    </section>
  );
}
