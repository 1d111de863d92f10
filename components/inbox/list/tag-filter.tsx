"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { TagFilterTrigger } from "@/components/inbox/list/tag-filter-trigger";

type Props = { pageId: string; selected: string[]; onChange: (tags: string[]) => void };

const loadMenu = () => import("@/components/inbox/list/tag-filter-menu");
const TagFilterMenu = dynamic(() => loadMenu().then((m) => m.TagFilterMenu), {
  ssr: false,
  loading: () => <TagFilterTrigger count={0} aria-busy="true" />,
});

/** The tag filter: a plain button until first used, then the popover menu (opened at once). */
export function TagFilter(props: Props) {
  const [armed, setArmed] = useState(false);
  if (armed) return <TagFilterMenu {...props} />;
  return <TagFilterTrigger count={props.selected.length} onPointerEnter={() => void loadMenu()} onFocus={() => void loadMenu()} onClick={() => setArmed(true)} aria-haspopup="dialog" />;
}
