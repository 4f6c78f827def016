// A release may only import names the served shared modules export: Blueprint, RxJS, React Router
// and TanStack Query are tree-shaken to what the built apps import (tools/shared-imports.js), so a
// release built later may want a name today's shared module lacks. Read from the built System.register
// bundles, whose setters name every imported binding (`r.Button=e.Button`).
import fs from 'node:fs';
import path from 'node:path';
import { filesOf } from './release-files';

/** Module name -> exported names; null: the whole library is served. Written by the build. */
export type SharedExports = Record<string, string[] | null>;
export const SHARED_EXPORTS_FILE = 'shared-exports.json';

const REGISTER = /^System\.register\((\[[^\]]*\]),\s*function\s*\(\s*\w+\s*,\s*\w+\s*\)\s*\{/;

/** Module -> names imported by one bundle's source. */
export function importsOfBundle(source: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const head = REGISTER.exec(source);
  if (!head?.[1]) return found;
  const deps = JSON.parse(head[1]) as string[];
  const settersAt = source.indexOf('setters:[');
  if (settersAt < 0) return found;
  // Each setter is `function(e){a.X=e.X,...}`; a setter without a body names nothing.
  const setters = /function\s*\(\s*(\w+)\s*\)\s*\{([^}]*)\}/g;
  setters.lastIndex = settersAt;
  for (const module of deps) {
    const match = setters.exec(source);
    if (!match) break;
    const [, param, body] = match;
    const names = new Set<string>();
    for (const [, name] of (body ?? '').matchAll(new RegExp(`=${param}\\.([\\w$]+)`, 'g'))) if (name) names.add(name);
    found.set(module, names);
  }
  return found;
}

/** Every shared name the release's bundles import that the served module lacks, as readable lines. */
export function missingSharedNames(releaseDir: string, shared: SharedExports): string[] {
  const missing: string[] = [];
  for (const file of filesOf(releaseDir).filter((f) => f.endsWith('.js'))) {
    const imports = importsOfBundle(fs.readFileSync(path.join(releaseDir, file), 'utf8'));
    for (const [module, names] of imports) {
      const served = shared[module];
      if (served === undefined || served === null) continue;
      for (const name of names) if (name !== 'default' && !served.includes(name)) missing.push(`${module}: ${name} (in ${file})`);
    }
  }
  return [...new Set(missing)].sort();
}

export function readSharedExports(publicDir: string): SharedExports | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(publicDir, SHARED_EXPORTS_FILE), 'utf8')) as SharedExports;
  } catch {
    return null;
  }
}
