"use client";

import { useEffect, useState } from "react";

/** The current time, refreshed every `intervalMs`, so countdowns, relative times and "Active now" move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
