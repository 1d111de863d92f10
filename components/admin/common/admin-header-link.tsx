import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { IconProps } from "@/components/ui/icons";

/** A screen header's main action when it goes to another screen ('Add User', 'Add Page', 'Send Offer'): a link drawn as the primary button, icon first. */
export function HeaderLink({ href, icon: Icon, children }: { href: string; icon: ComponentType<IconProps>; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClasses()}>
      <Icon className="size-4" />
      {children}
    </Link>
  );
}
