"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { recordInAppNavigation } from "@/lib/navigation-history";

/** Counts client-side route changes (see lib/navigation-history). Renders nothing. */
export function NavigationTracker() {
  const pathname = usePathname();
  const last = useRef<string | null>(null);

  useEffect(() => {
    // Compare with the last path (not "first run") so Strict Mode's re-run of the effect is not counted.
    if (last.current !== null && last.current !== pathname) recordInAppNavigation();
    last.current = pathname;
  }, [pathname]);

  return null;
}
