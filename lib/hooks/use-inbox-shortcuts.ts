"use client";

import { useEffect, useRef, type RefObject } from "react";
import { isTypingTarget, shortcutFor, type ShortcutAction } from "@/lib/inbox/shortcuts";

// Inbox keyboard shortcuts (the table is lib/inbox/shortcuts.ts). None fires while the agent types in a
// field, nor behind an open dialog (Esc closing dialogs and popovers is Radix's). Actions inside the open
// thread press the thread's own controls (data-shortcut), so they follow the same rules as a click.

type Options = {
  searchRef: RefObject<HTMLInputElement | null>;
  /** Alt+↑/↓: open the previous/next conversation. */
  onStep: (direction: -1 | 1) => void;
  /** j/k: move the list's cursor. */
  onCursor: (direction: -1 | 1) => void;
  /** Enter: open the conversation under the cursor; false when there is none. */
  onOpenCursor: () => boolean;
  onHelp: () => void;
};

function press(selector: string): boolean {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el || (el as HTMLButtonElement).disabled) return false;
  el.click();
  return true;
}

export function useInboxShortcuts(options: Options) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    function run(action: ShortcutAction, target: EventTarget | null): boolean {
      const o = latest.current;
      switch (action) {
        case "next":
        case "previous":
          o.onCursor(action === "next" ? 1 : -1);
          return true;
        case "open":
          // Enter on a focused button or link is that control's own.
          if (target instanceof HTMLElement && target.closest("button, a, [role='button']")) return false;
          return o.onOpenCursor();
        case "reply": {
          const box = document.querySelector<HTMLTextAreaElement>('[data-shortcut="reply"]');
          if (!box || box.disabled) return false;
          box.focus();
          return true;
        }
        case "savedReplies": {
          if (press('[data-shortcut="saved-replies"]')) return true;
          const input = o.searchRef.current;
          if (!input) return false;
          input.focus();
          input.select();
          return true;
        }
        case "assignMe":
          return press('[data-shortcut="assign-me"]');
        case "done":
          return press('[data-shortcut="done"]');
        case "important":
          return press('[data-shortcut="important"]');
        case "help":
          o.onHelp();
          return true;
      }
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
        event.preventDefault();
        latest.current.onStep(event.key === "ArrowUp" ? -1 : 1);
        return;
      }
      if (isTypingTarget(event.target) || event.isComposing) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const action = shortcutFor(event);
      if (action && run(action, event.target)) event.preventDefault();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
