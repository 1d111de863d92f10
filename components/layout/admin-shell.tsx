"use client";

import { useState, type ReactNode } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { AppHeader } from "@/components/layout/app-header";
import { MobileDrawer } from "@/components/layout/mobile-drawer";
import { Sidebar } from "@/components/layout/sidebar";

/** The admin layout: sidebar (drawer below lg), header, and the page. Render inside a ProtectedGuard. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user) return null;

  return (
    <div className="min-h-dvh">
      {/* The first tab stop: past the sidebar's links to the screen itself. */}
      <a href="#main" className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50">
        Skip to content
      </a>
      <Sidebar role={user.role} />
      <MobileDrawer role={user.role} open={menuOpen} onOpenChange={setMenuOpen} />
      <div className="flex min-h-dvh min-w-0 flex-col lg:pl-64">
        <AppHeader user={user} onOpenMenu={() => setMenuOpen(true)} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
