"use client";

import Link from "next/link";
import { useAuth } from "@/components/auth/auth-provider";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClasses } from "@/components/ui/button";
import { DashboardIcon, LogOutIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";

/** The inbox header (SPEC §2): product title, the user's name, Admin Panel (admin only) and Logout. */
export function InboxHeader() {
  const { user, logout } = useAuth();
  if (!user) return null;

  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-5">
      <span className="hidden sm:flex">
        <LogoMark />
      </span>
      <h1 className="min-w-0 truncate text-base font-semibold tracking-tight text-slate-900 sm:text-lg">Switchboard Inbox</h1>

      <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="hidden sm:flex">
            <Avatar name={user.name} />
          </span>
          <span className="max-w-[6rem] truncate text-sm font-medium text-slate-700 sm:max-w-[14rem]">{user.name}</span>
        </span>
        {user.role === "admin" && (
          <Link href="/company/dashboard" className={buttonClasses({ variant: "secondary", size: "sm", className: "max-sm:w-9 max-sm:px-0" })}>
            <DashboardIcon className="size-4 text-indigo-600" />
            <span className="max-sm:sr-only">Admin Panel</span>
          </Link>
        )}
        <Button variant="ghost" size="sm" onClick={logout} className="max-sm:w-9 max-sm:px-0">
          <LogOutIcon className="size-4" />
          <span className="max-sm:sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}
