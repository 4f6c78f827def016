// A gateway that keeps sending garbage must not flood the log: the first drop of a thing is logged at
// once, later ones at most once a minute per thing, with how many were dropped since the last line.
// The counters in MqttLinkStats count every drop regardless.
export const DROP_WARNING_INTERVAL_MS = 60_000;

interface ThingWindow {
  loggedAt: number;
  suppressed: number;
}

export class DropWarnings {
  private readonly windows = new Map<string, ThingWindow>();

  constructor(
    private readonly warn: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

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
    this.windows.set(key, { loggedAt: now, suppressed: 0 });
    if (this.windows.size > 10_000) this.forgetQuiet(now);
  }

  /** Keeps memory bounded when many distinct (possibly bogus) names are seen. */
  private forgetQuiet(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.loggedAt >= DROP_WARNING_INTERVAL_MS && window.suppressed === 0) this.windows.delete(key);
    }
  }
}
