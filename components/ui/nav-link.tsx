"use client";

import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useRouter } from "next/navigation";

/**
 * An in-app link without next/link (about 3 KB of gzip JavaScript that /chats would load for its one
 * "Admin Panel" link, docs/PERFORMANCE.md): a plain click navigates with the app router, which the page has
 * anyway; a modified or middle click, or a target, is left to the browser. No prefetch.
 */
export function NavLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  function navigate(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || props.target) return;
    event.preventDefault();
    router.push(href);
  }
  return <a href={href} onClick={navigate} {...props} />;
}
