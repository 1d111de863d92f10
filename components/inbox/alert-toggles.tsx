"use client";

import { useState, useSyncExternalStore } from "react";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/cn";
import { alertPrefs } from "@/lib/inbox/alert-prefs";
import { BellIcon, BellOffIcon, VolumeIcon, VolumeOffIcon } from "@/components/inbox/inbox-icons";

const BUTTON = "flex size-9 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600";

const noSubscribe = () => () => {};

/**
 * In the inbox header: desktop notifications (opt-in; the browser asks for permission on this click, never
 * on load) and the new-message sound's mute, both remembered by this browser.
 */
export function AlertToggles() {
  const supported = useSyncExternalStore(noSubscribe, () => typeof Notification !== "undefined", () => false);
  const [notify, setNotify] = useState(() => typeof window !== "undefined" && alertPrefs.notificationsWanted() && typeof Notification !== "undefined" && Notification.permission === "granted");
  const [muted, setMuted] = useState(() => typeof window !== "undefined" && alertPrefs.soundMuted());

  async function toggleNotify() {
    if (notify) {
      alertPrefs.setNotificationsWanted(false);
      return setNotify(false);
    }
    const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
    if (permission !== "granted") {
      toast.error("Notifications are blocked for this site. Allow them in the browser's site settings.");
      return;
    }
    alertPrefs.setNotificationsWanted(true);
    setNotify(true);
  }

  return (
    <div className="flex items-center gap-0.5">
      {supported && (
        <button
          type="button"
          aria-pressed={notify}
          aria-label={notify ? "Turn off desktop notifications" : "Turn on desktop notifications"}
          title={notify ? "Desktop notifications on" : "Desktop notifications off"}
          onClick={() => void toggleNotify()}
          className={cn(BUTTON, notify ? "text-indigo-600 hover:bg-indigo-50" : "text-slate-400 hover:bg-slate-100 hover:text-slate-700")}
        >
          {notify ? <BellIcon className="size-5" /> : <BellOffIcon className="size-5" />}
        </button>
      )}
      <button
        type="button"
        aria-pressed={muted}
        aria-label={muted ? "Unmute new-message sound" : "Mute new-message sound"}
        title={muted ? "Sound muted" : "Sound on"}
        onClick={() => {
          alertPrefs.setSoundMuted(!muted);
          setMuted(!muted);
        }}
        className={cn(BUTTON, muted ? "text-slate-400 hover:bg-slate-100" : "text-slate-600 hover:bg-slate-100")}
      >
        {muted ? <VolumeOffIcon className="size-5" /> : <VolumeIcon className="size-5" />}
      </button>
    </div>
  );
}
