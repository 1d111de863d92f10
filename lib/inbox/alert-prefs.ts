// The agent's alert choices, remembered per browser (localStorage): desktop notifications (opt-in; the
// browser's permission is asked only when they are switched on) and the new-message sound (PRODUCT §9; on
// unless muted).

const NOTIFY_KEY = "switchboard:notifications";
const MUTE_KEY = "switchboard:sound-muted";

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function write(key: string, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(key, "1");
    else window.localStorage.removeItem(key);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export const alertPrefs = {
  notificationsWanted: () => read(NOTIFY_KEY),
  setNotificationsWanted: (on: boolean) => write(NOTIFY_KEY, on),
  soundMuted: () => read(MUTE_KEY),
  setSoundMuted: (on: boolean) => write(MUTE_KEY, on),
};

/** "(3) Switchboard Inbox": conversations with unread messages across the agent's pages, in the tab title. */
export function inboxTitle(unread: number): string {
  return unread > 0 ? `(${unread > 99 ? "99+" : unread}) Switchboard Inbox` : "Switchboard Inbox";
}

/** Whether a customer's message should raise a desktop notification. */
export function shouldNotify(options: { wanted: boolean; permission: string; hidden: boolean; inbound: boolean; spam: boolean }): boolean {
  return options.wanted && options.permission === "granted" && options.hidden && options.inbound && !options.spam;
}
