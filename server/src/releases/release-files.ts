// A release on disk: the folder one app's build writes (dist/public/apps/<folder>/, or the folder
// `npm run release` builds into): the webpack entry manifest (manifest.json), the app's manifest
// (app-manifest.<hash>.json), its translations (locales/<lng>/<folder>.json), release.json (module and
// version) and the hashed bundles. Its name is its version and the hash of every file in it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_MODULE_PATTERN } from '@helio/contracts';

export interface ReleaseFiles {
  module: string;
  folder: string;
  version: string;
  name: string;
  entry: string;
  styles: string[];
  appManifest: unknown;
  locales: string[];
}

export class InvalidReleaseError extends Error {}

const MODULE = new RegExp(RELEASE_MODULE_PATTERN);
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,40}$/;
const LANGUAGE = /^[a-z]{2}$/;

/** Every file below `dir`, relative, with forward slashes, sorted. */
export function filesOf(dir: string): string[] {
  const found: string[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  walk('');
  return found.sort();
}

/** sha256 over every file's path and bytes: the same files always give the same hash. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InvalidReleaseError(`${what} (${file}) is missing or not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads and checks a release folder; throws InvalidReleaseError naming what is wrong. */
export function readReleaseFiles(dir: string): ReleaseFiles {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new InvalidReleaseError(`${dir} is not a folder`);
  const info = readJson(path.join(dir, 'release.json'), 'release.json') as { module?: unknown; version?: unknown };
  const module = typeof info.module === 'string' ? info.module : '';
  const version = typeof info.version === 'string' ? info.version : '';
  if (!MODULE.test(module)) throw new InvalidReleaseError(`release.json names no module of the form @helio/<app>: ${String(info.module)}`);
  if (!VERSION.test(version)) throw new InvalidReleaseError(`release.json has no usable version: ${String(info.version)}`);
  const folder = module.replace('@helio/', '');
  const webpack = readJson(path.join(dir, 'manifest.json'), 'the build manifest') as {
    entries?: Record<string, string>;
    styles?: Record<string, string[]>;
  };
  const entryName = `helio-${folder}`;
  const entry = webpack.entries?.[entryName];
  if (!entry || !fs.existsSync(path.join(dir, entry)))
    throw new InvalidReleaseError(`the build manifest names no entry file for ${entryName}`);
  const styles = webpack.styles?.[entryName] ?? [];
  for (const css of styles) if (!fs.existsSync(path.join(dir, css))) throw new InvalidReleaseError(`stylesheet ${css} is missing`);
  const manifestFile = fs.readdirSync(dir).find((f) => /^app-manifest(\.[0-9a-f]+)?\.json$/.test(f));
  if (!manifestFile) throw new InvalidReleaseError('the app manifest (app-manifest.<hash>.json) is missing');
  const appManifest = readJson(path.join(dir, manifestFile), 'the app manifest');
  const localesDir = path.join(dir, 'locales');
  const locales = fs.existsSync(localesDir)
    ? fs
        .readdirSync(localesDir)
        .filter((lng) => LANGUAGE.test(lng) && fs.existsSync(path.join(localesDir, lng, `${folder}.json`)))
        .sort()
    : [];
  for (const lng of locales) readJson(path.join(localesDir, lng, `${folder}.json`), `translations ${lng}`);
  return { module, folder, version, name: `${version}-${contentHash(dir)}`, entry, styles, appManifest, locales };
}

/** Copies a release folder to its place in the store, unless it is already there (same name, same files). */
export function copyRelease(source: string, target: string): void {
  if (fs.existsSync(target)) return;
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(source, partial, { recursive: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // A rename makes the folder appear whole or not at all: a browser never sees half a release.
  try {
    fs.renameSync(partial, target);
  } catch (error) {
    // another process (a second replica starting) put the same release there first
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
}
