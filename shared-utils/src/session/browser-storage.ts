// localStorage/sessionStorage that never throw (private modes and disabled storage do throw).
type Area = 'local' | 'session';

function area(name: Area): Storage | null {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(name: Area, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(name: Area, key: string, value: string | null): void {
  try {
    const storage = area(name);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // storage full or disabled: the value is simply not remembered
  }
}

/** Removes every key of the area except those named in `keep` or starting with one of `keepPrefixes`. */
export function clearStorage(name: Area, keep: readonly string[], keepPrefixes: readonly string[] = []): void {
  const storage = area(name);
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
    for (const key of keys) {
      if (keep.includes(key) || keepPrefixes.some((p) => key.startsWith(p))) continue;
      storage.removeItem(key);
    }
  } catch {
    // nothing to clear
  }
}
