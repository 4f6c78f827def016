// What changed on the device's settings between the shadow the user saw and the one the server has
// now (a 409 answer): each writable key whose desired or reported value differs.
export interface SettingsSnapshot {
  desired: Record<string, unknown>;
  reported: Record<string, unknown>;
}

export interface ChangedSetting {
  key: string;
  section: 'desired' | 'reported';
  before: unknown;
  now: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changedMeanwhile(keys: readonly string[], seen: SettingsSnapshot, current: SettingsSnapshot): ChangedSetting[] {
  const changes: ChangedSetting[] = [];
  for (const key of keys) {
    for (const section of ['desired', 'reported'] as const) {
      if (!same(seen[section][key], current[section][key]))
        changes.push({ key, section, before: seen[section][key], now: current[section][key] });
    }
  }
  return changes;
}

/** The `current` settings of a 409's details, when it has them. */
export function conflictCurrent(details: unknown): { version: number; current: SettingsSnapshot } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { currentVersion, current } = details as { currentVersion?: unknown; current?: Partial<SettingsSnapshot> };
  if (typeof currentVersion !== 'number' || typeof current !== 'object' || current === null) return null;
  return { version: currentVersion, current: { desired: current.desired ?? {}, reported: current.reported ?? {} } };
}
