"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentType } from "react";
import {
  CalendarClockIcon,
  DashboardIcon,
  FileTextIcon,
  FlagIcon,
  LinkIcon,
  MessageIcon,
  SendIcon,
  ShieldAlertIcon,
  UsersIcon,
  type IconProps,
} from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { menuFor } from "@/lib/access/roles";

const ICONS: Record<string, ComponentType<IconProps>> = {
  "/company/dashboard": DashboardIcon,
  "/company/users": UsersIcon,
  "/company/fb-pages": FlagIcon,
  "/company/whitelist-urls": LinkIcon,
  "/company/url-violations": ShieldAlertIcon,
  "/company/send-offer": SendIcon,
  "/company/scheduled-offers": CalendarClockIcon,
  "/company/audit-log": FileTextIcon,
  "/users": UsersIcon,
  "/chats": MessageIcon,
};

export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The role-keyed menu of PRODUCT §2, with the current item highlighted and marked aria-current="page". */
export function SidebarNav({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  const items = menuFor(role);

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map((item) => {
          const active = isActivePath(pathname, item.href);
          const Icon = ICONS[item.href] ?? DashboardIcon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  active ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )}
              >
                <Icon
                  className={cn("size-5 shrink-0", active ? "text-indigo-600" : "text-slate-400 group-hover:text-slate-600")}
                />
                <span className="truncate">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
