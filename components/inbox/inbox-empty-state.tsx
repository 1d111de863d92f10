import { MessageIcon } from "@/components/ui/icons";

/** The centre pane when no conversation is open (PRODUCT §2). */
export function InboxEmptyState() {
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
        <MessageIcon className="size-8" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">No conversation selected</h2>
      <p className="mt-1.5 max-w-xs text-sm text-slate-500">Choose a conversation from the left to start messaging</p>
    </div>
  );
}
