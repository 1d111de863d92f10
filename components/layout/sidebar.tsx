import Link from "next/link";
import { SidebarNav } from "@/components/layout/sidebar-nav";
import { Logo } from "@/components/ui/logo";

/** The brand row shared by the desktop sidebar and the mobile drawer. */
export function SidebarBrand() {
  return (
    <Link href="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
      <Logo />
    </Link>
  );
}

/** The fixed sidebar on large screens (the drawer takes over below lg). */
export function Sidebar({ role }: { role: string }) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
      <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
        <SidebarBrand />
      </div>
      <SidebarNav role={role} />
    </aside>
  );
}
