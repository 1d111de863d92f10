import type { Label } from "@/lib/inbox/types";

// One display rule for a label everywhere (chips, rows, the modal, the filter): its name as it was typed
// ("VIP"). Tags on people are stored lowercased for the filter (PRODUCT §5), so a tag is shown through the
// page's label of the same name; a tag whose label was deleted keeps its stored name.

export function tagDisplayName(tag: string, labels: readonly Pick<Label, "name">[] | undefined): string {
  const key = tag.trim().toLowerCase();
  return labels?.find((l) => l.name.trim().toLowerCase() === key)?.name ?? tag;
}
