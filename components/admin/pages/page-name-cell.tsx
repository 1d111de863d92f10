import { FlagIcon } from "@/components/ui/icons";

/** A page's name with its Facebook page id underneath. */
export function PageNameCell({ name, pageId }: { name: string; pageId?: string }) {
  return (
    <span className="flex min-w-0 items-center gap-3 text-left">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
        <FlagIcon className="size-4" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        {pageId && <span className="block truncate text-xs text-slate-500">ID {pageId}</span>}
      </span>
    </span>
  );
}
