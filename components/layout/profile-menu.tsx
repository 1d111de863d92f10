"use client";

import * as Popover from "@radix-ui/react-popover";
import Link from "next/link";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useSignOutEverywhere } from "@/components/auth/use-sign-out-everywhere";
import { Avatar } from "@/components/ui/avatar";
import { ChevronDownIcon, LogOutIcon, UserIcon } from "@/components/ui/icons";
import { roleLabel } from "@/lib/access/roles";
import type { SessionUser } from "@/lib/schemas/auth";

const ITEM = "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm font-medium focus-visible:outline-none";
const NEUTRAL = "text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100";
const DANGER = "text-red-600 hover:bg-red-50 hover:text-red-700 focus-visible:bg-red-50";

/**
 * The header's user button: name and role, opening Profile Settings, Sign Out and Sign out everywhere (closes
 * on outside click or Esc).
 */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { logout } = useAuth();
  const signOutEverywhere = useSignOutEverywhere();
  const [open, setOpen] = useState(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="flex min-w-0 items-center gap-2.5 rounded-lg py-1.5 pr-2 pl-1.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100">
        <Avatar name={user.name} />
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="max-w-[7rem] truncate text-sm font-semibold text-slate-900 sm:max-w-[12rem]">{user.name}</span>
          <span className="truncate text-xs text-slate-500">{roleLabel(user.role)}</span>
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-slate-400" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg data-[state=open]:animate-pop-in focus:outline-none"
        >
          <div className="border-b border-slate-100 px-2.5 pt-1.5 pb-2.5">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div className="pt-1.5">
            <Link href="/profile" className={`${ITEM} ${NEUTRAL}`} onClick={() => setOpen(false)}>
              <UserIcon className="size-4 text-slate-400" />
              Profile Settings
            </Link>
            {[
              { label: "Sign Out", run: logout },
              { label: "Sign out everywhere", run: signOutEverywhere },
            ].map(({ label, run }) => (
              <button
                key={label}
                type="button"
                className={`${ITEM} ${DANGER}`}
                onClick={() => {
                  setOpen(false);
                  void run();
                }}
              >
                <LogOutIcon className="size-4" />
                {label}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
