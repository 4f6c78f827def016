// The hashes of index.html's inline scripts, written by the build next to it
// (tools/scripts/assemble-public.mjs) so the Content-Security-Policy can allow exactly those scripts.
// Read again when the file changes, checked at most once per RECHECK_MS. index.html itself is made
// per request (each visitor's import map), so its response carries the hashes of its own scripts.
import { createHash } from 'node:crypto';
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

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script types the browser runs; `systemjs-importmap` and JSON are data, never run. */
const RUNNABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/** `'sha256-…'` of every inline script of a page the browser would run, in document order, without repeats. */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type)) continue;
    const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

/** The policy with its script-src hashes replaced by exactly `hashes` (its other sources kept). */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive.trim();
      const kept = sources.filter((source) => !source.startsWith("'sha256-"));
      const at = kept.indexOf("'self'") + 1;
      return [name, ...kept.slice(0, at), ...hashes.filter((h) => HASH.test(h)), ...kept.slice(at)].join(' ');
    })
    .filter((directive) => directive !== '')
    .join('; ');
}
