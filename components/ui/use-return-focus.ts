import { useRef } from "react";

/**
 * Focus goes back where it was when a dialog closes. Radix returns it to a Dialog.Trigger, but our dialogs are
 * opened from state (a row's button, a shortcut, a menu item) with no trigger, so without this the keyboard
 * lands on <body> at the top of the page. Spread onto Dialog.Content.
 */
export function useReturnFocus() {
  const from = useRef<HTMLElement | null>(null);
  return {
    // Runs before Radix moves focus into the dialog: the active element is still the one that opened it.
    onOpenAutoFocus: () => {
      from.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = from.current;
      from.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
