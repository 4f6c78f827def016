// A gateway that keeps sending garbage must not flood the log: the first drop of a thing is logged at
// once, later ones at most once a minute per thing, with how many were dropped since the last line.
// The counters in MqttLinkStats count every drop regardless.
import { BoundedMap } from '../../cache/bounded-map';

export const DROP_WARNING_INTERVAL_MS = 60_000;
/** Things (or topics) whose last warning is remembered; past it the quiet ones go, then the least recently warned. */
export const DROP_WARNINGS_TRACKED = 10_000;

interface ThingWindow {
  loggedAt: number;
  suppressed: number;
}

export class DropWarnings {
  private readonly windows: BoundedMap<string, ThingWindow>;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly now: () => number = Date.now,
    private readonly capacity = DROP_WARNINGS_TRACKED,
  ) {
    this.windows = new BoundedMap(capacity);
  }

  /** Things (or topics) remembered now. */
  get size(): number {
    return this.windows.size;
  }

  /** `key` is the thing name (or the topic when it names no thing). */
  dropped(key: string, line: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && now - window.loggedAt < DROP_WARNING_INTERVAL_MS) {
      window.suppressed++;
      return;
    }
    const more = window && window.suppressed > 0 ? ` (+${window.suppressed} more dropped for ${key} in the last minute)` : '';
    this.warn(`${line}${more}`);
    if (!this.windows.has(key) && this.windows.size >= this.capacity) this.forgetQuiet(now);
    this.windows.set(key, { loggedAt: now, suppressed: 0 });
  }

  /** Keeps memory bounded when many distinct (possibly bogus) names are seen. */
  private forgetQuiet(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.loggedAt >= DROP_WARNING_INTERVAL_MS && window.suppressed === 0) this.windows.delete(key);
    }
  }
}
