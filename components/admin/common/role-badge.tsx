import { Badge, type BadgeTone } from "@/components/admin/common/badge";
import { roleLabel } from "@/lib/access/roles";

const ROLE_TONES: Record<string, BadgeTone> = { super_admin: "red", company_admin: "indigo", admin: "blue", staff: "slate" };

/** A role with underscores shown as spaces (PRODUCT §1). */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={ROLE_TONES[role] ?? "slate"} className="capitalize">{roleLabel(role)}</Badge>;
}

/** PRODUCT §2: the Active/InActive badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge tone={active ? "green" : "red"}>
      <span aria-hidden="true" className={active ? "size-1.5 rounded-full bg-emerald-500" : "size-1.5 rounded-full bg-red-500"} />
      {active ? "Active" : "InActive"}
    </Badge>
  );
}
