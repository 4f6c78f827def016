// The current time, advancing every `intervalMs`, so staleness shows without new data arriving (shared by every page that ages values).
import { useEffect, useState } from 'react';

export const NOW_TICK_MS = 5_000;

export function useNow(intervalMs = NOW_TICK_MS): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
