import type { ReactNode } from "react";
import { TD } from "@/components/admin/common/data-table";
import { Avatar } from "@/components/ui/avatar";

/**
 * A user row's first cell in the admin tables (users, page access): the avatar, the name, and one small line
 * under it (`children`: the e-mail, or 'InActive'). On a phone it heads the row's card, ruled off below.
 */
export function UserCell({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <TD className="max-md:mb-1 max-md:border-b max-md:border-slate-100 max-md:pb-3">
      <span className="flex min-w-0 items-center gap-3 text-left">
        <Avatar name={name} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{name}</span>
          {children}
        </span>
      </span>
    </TD>
  );
}
