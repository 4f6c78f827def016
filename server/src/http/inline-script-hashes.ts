// The hashes of index.html's inline scripts, written by the build next to it
// (tools/scripts/assemble-public.mjs) so the Content-Security-Policy can allow exactly those scripts.
// Read again when the file changes, checked at most once per RECHECK_MS.
import fs from 'node:fs';
import path from 'node:path';

export const INLINE_SCRIPT_HASHES_FILE = 'csp-hashes.json';
const RECHECK_MS = 2000;
const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

export interface InlineScriptHashes {
  /** `'sha256-…'` sources; empty when the console is not built (then no inline script runs). */
  current(): readonly string[];
}

function readHashes(file: string): string[] {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const list = (parsed as { scriptSrc?: unknown }).scriptSrc;
    // Anything but well-formed hashes is ignored: this file must never widen the policy.
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string' && HASH.test(entry)) : [];
  } catch {
    return [];
  }
}

export function createInlineScriptHashes(publicDir: string, now: () => number = Date.now): InlineScriptHashes {
  const file = path.join(publicDir, INLINE_SCRIPT_HASHES_FILE);
  let hashes: string[] = [];
  let seenMtime = -1;
  let checkedAt = -Infinity;
  return {
    current() {
      if (now() - checkedAt < RECHECK_MS) return hashes;
      checkedAt = now();
      let mtime = 0;
      try {
        mtime = fs.statSync(file).mtimeMs;
      } catch {
        mtime = 0;
      }
      if (mtime !== seenMtime) {
        seenMtime = mtime;
        hashes = mtime === 0 ? [] : readHashes(file);
      }
      return hashes;
    },
  };
}
