// A short two-tone beep for new messages, made with the Web Audio API (no asset file).

import { alertPrefs } from "@/lib/inbox/alert-prefs";

let context: AudioContext | null = null;

export function playNewMessageSound(): void {
  if (typeof window === "undefined" || alertPrefs.soundMuted()) return;
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    [880, 1175].forEach((frequency, i) => {
      const osc = context!.createOscillator();
      osc.type = "sine";
      osc.frequency.setValueAtTime(frequency, start + i * 0.12);
      osc.connect(gain);
      osc.start(start + i * 0.12);
      osc.stop(start + 0.12 + i * 0.12);
    });
  } catch {
    // Autoplay rules or a missing audio device: the toast still tells the agent.
  }
}
