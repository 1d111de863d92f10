"use client";

import { useEffect, useRef, type RefObject } from "react";

// Inbox keyboard shortcuts: Alt+↑/↓ previous/next conversation; "/" focuses the search unless the agent is
// typing somewhere. Esc closing dialogs and popovers is Radix's.

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

type Options = { searchRef: RefObject<HTMLInputElement | null>; onStep: (direction: -1 | 1) => void };

export function useInboxShortcuts({ searchRef, onStep }: Options) {
  const step = useRef(onStep);
  useEffect(() => {
    step.current = onStep;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
        event.preventDefault();
        step.current(event.key === "ArrowUp" ? -1 : 1);
        return;
      }
      if (event.key === "/" && !event.altKey && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) {
        const input = searchRef.current;
        if (!input) return;
        event.preventDefault();
        input.focus();
        input.select();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [searchRef]);
}
