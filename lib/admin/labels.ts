import { roleLabel } from "@/lib/access/roles";

/** 'company_admin' → 'Company Admin', for option lists and headings. */
export function roleTitle(role: string): string {
  return roleLabel(role).replace(/\b\w/g, (c) => c.toUpperCase());
}
