"use client";

import Link from "next/link";
import { ProfileMenu } from "@/components/layout/profile-menu";
import { buttonClasses } from "@/components/ui/button";
import { MenuIcon, MessageIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";
import type { SessionUser } from "@/lib/schemas/auth";
import { can } from "@/lib/access/permissions";

/** The admin header: the drawer's hamburger (below lg), Chats for admins (PRODUCT §6), and the profile menu. */
export function AppHeader({ user, onOpenMenu }: { user: SessionUser; onOpenMenu: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <button
        type="button"
        aria-label="Open menu"
        onClick={onOpenMenu}
        className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
      >
        <MenuIcon className="size-5" />
      </button>
      <span className="flex lg:hidden">
        <LogoMark size="sm" />
      </span>

      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        {can(user.role, "inbox.switch-to-admin") && (
          <Link href="/chats" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <MessageIcon className="size-4 text-indigo-600" />
            Chats
          </Link>
        )}
        <ProfileMenu user={user} />
      </div>
    </header>
  );
}
