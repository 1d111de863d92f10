import { cn } from "@/lib/cn";

/** The owner of a conversation on its list row: a small initials avatar, named for screen readers. */
export function AssigneeBadge({ name, initials, color }: { name: string; initials: string; color: string }) {
  return (
    <span title={`Assigned to ${name}`} data-testid="row-assignee" className={cn("flex size-[18px] shrink-0 items-center justify-center rounded-full text-[9px] font-semibold ring-1 ring-white", color)}>
      <span aria-hidden="true">{initials}</span>
      <span className="sr-only">Assigned to {name}</span>
    </span>
  );
}
