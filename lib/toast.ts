import type { ExternalToast, toast as sonnerToast } from "sonner";

// The app's toasts, with sonner (10 KB gzip) loaded on the first one instead of in every first load (/chats
// shows none until something happens: docs/PERFORMANCE.md). The calls are sonner's; the toast shows once the module is
// there — at once after the first time. <AppToaster> mounts sonner's Toaster when toasts are wanted (on
// /chats: from the first toast, or once a conversation opens), and the Toaster shows the toasts raised
// before it subscribed.

type Sonner = typeof import("sonner");
type Title = Parameters<typeof sonnerToast>[0];

let sonner: Promise<Sonner> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads sonner and asks <AppToaster> to mount the Toaster. */
export function loadToasts(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = null; // a failed chunk load (offline) is tried again by the next toast
    throw error;
  });
  return sonner;
}

/** For useSyncExternalStore in <AppToaster>: whether a toast was raised or the toasts were preloaded. */
export function toastsWanted(): boolean {
  return wanted;
}
export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(raise: (toast: Sonner["toast"]) => void): void {
  loadToasts().then(
    ({ toast }) => raise(toast),
    () => {}, // sonner could not load: there is nothing to show the toast with
  );
}

export const toast = Object.assign((message: Title, data?: ExternalToast) => show((t) => t(message, data)), {
  success: (message: Title, data?: ExternalToast) => show((t) => t.success(message, data)),
  error: (message: Title, data?: ExternalToast) => show((t) => t.error(message, data)),
  info: (message: Title, data?: ExternalToast) => show((t) => t.info(message, data)),
});
