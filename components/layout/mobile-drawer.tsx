"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { SidebarNav } from "@/components/layout/sidebar-nav";
import { SidebarBrand } from "@/components/layout/sidebar";
import { XIcon } from "@/components/ui/icons";
import { useReturnFocus } from "@/components/ui/use-return-focus";

/** The sidebar as a slide-in drawer with an overlay on small screens (PRODUCT §2); Esc, overlay or ✕ close it. */
export function MobileDrawer({ role, open, onOpenChange }: { role: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in lg:hidden"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 pr-3 pl-5">
            <SidebarBrand />
            <Dialog.Close
              aria-label="Close menu"
              className="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <XIcon className="size-5" />
            </Dialog.Close>
          </div>
          <SidebarNav role={role} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
