"use client";

import type { ReactNode } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { Button, buttonClasses } from "@/components/ui/button";
import { DashboardIcon, LogOutIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";
import { NavLink } from "@/components/ui/nav-link";
import { ConnectionStatus } from "@/components/inbox/connection-status";
import { AlertToggles } from "@/components/inbox/alert-toggles";
import { AwayToggle } from "@/components/inbox/away-toggle";
import type { SocketStatus } from "@/lib/hooks/use-socket";
import { can } from "@/lib/access/permissions";

/**
 * The inbox header (PRODUCT §2): product title, 'Connecting...' until the realtime connection is up, the page
 * tabs (a second row on phones), Admin Panel (admin only) and Logout.
 */
export function InboxHeader({ status, tabs, extra }: { status: SocketStatus; tabs: ReactNode; extra?: ReactNode }) {
  const { user, logout } = useAuth();
  if (!user) return null;

  return (
    <header data-inbox-header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 sm:px-4 md:h-16 md:flex-nowrap md:py-0">
      <span className="hidden sm:flex">
        <LogoMark />
      </span>
      <h1 className="min-w-0 truncate text-base font-semibold tracking-tight text-slate-900 lg:text-lg">Switchboard Inbox</h1>
      <ConnectionStatus status={status} />

      <nav aria-label="Pages" className="order-last w-full min-w-0 md:order-none md:w-auto md:flex-1 md:px-2">
        {tabs}
      </nav>

      <div className="ml-auto flex shrink-0 items-center gap-1.5 md:ml-0 md:gap-2">
        {can(user.role, "inbox.away") && <AwayToggle />}
        <AlertToggles />
        {extra}
        <span className="hidden max-w-[10rem] truncate text-sm font-medium text-slate-700 xl:inline" title={user.name}>
          {user.name}
        </span>
        {can(user.role, "inbox.switch-to-admin") && (
          <NavLink href="/company/dashboard" className={buttonClasses({ variant: "secondary", size: "sm", className: "max-lg:w-9 max-lg:px-0" })}>
            <DashboardIcon className="size-4 text-indigo-600" />
            <span className="max-lg:sr-only">Admin Panel</span>
          </NavLink>
        )}
        <Button variant="ghost" size="sm" onClick={logout} className="max-lg:w-9 max-lg:px-0">
          <LogOutIcon className="size-4" />
          <span className="max-lg:sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}
