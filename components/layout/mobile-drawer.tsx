"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { SidebarNav } from "@/components/layout/sidebar-nav";
import { SidebarBrand } from "@/components/layout/sidebar";
import { DialogCloseIcon, DialogShell } from "@/components/ui/dialog-shell";

/** The sidebar as a slide-in drawer with an overlay on small screens (PRODUCT §2); Esc, overlay or ✕ close it. */
export function MobileDrawer({ role, open, onOpenChange }: { role: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      undescribed
      overlayClassName="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden"
      className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in lg:hidden"
    >
      <Dialog.Title className="sr-only">Navigation</Dialog.Title>
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 pr-3 pl-5">
        <SidebarBrand />
        <DialogCloseIcon label="Close menu" large />
      </div>
      <SidebarNav role={role} onNavigate={() => onOpenChange(false)} />
    </DialogShell>
  );
}
