// Releases for the rollout journeys, made the way an operator makes them: a copy of a built app
// changed where a person can see it, registered with `npm run release -- <app> --from <folder>`, and
// the canary set with `npm run releases -- …` against the journey server's data directory.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const ROOT = path.join(__dirname, '..', '..');
export { OTHER } from './support';

function run(args: string[]): string {
  return execFileSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.HELIO_E2E_DATA },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** `npm run releases -- …` */
export const releases = (...args: string[]) => run(['server/dist/releases/cli.js', ...args]);

/**
 * A copy of the built app with `change` applied to its files (a folder of the build), registered
 * through `npm run release -- <app> --from <copy>`; answers the release's name.
 */
export function releaseCopyOf(folder: string, change: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `helio-${folder}-`));
  fs.cpSync(path.join(ROOT, 'dist', 'public', 'apps', folder), dir, { recursive: true });
  change(dir);
  const output = run(['tools/scripts/release.mjs', folder, '--from', dir]);
  const name = new RegExp(`registered @helio/${folder} (\\S+)`).exec(output)?.[1];
  if (!name) throw new Error(`npm run release said: ${output}`);
  return name;
}

/** Rewrites a JSON translation file of a release folder. */
export function editTexts(dir: string, folder: string, edit: (texts: Record<string, unknown>) => void): void {
  for (const lng of fs.readdirSync(path.join(dir, 'locales'))) {
    const file = path.join(dir, 'locales', lng, `${folder}.json`);
    const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    edit(texts);
    fs.writeFileSync(file, JSON.stringify(texts));
  }
}

/** The release of a module the page was served (index.html names it for the browser's reports). */
export function servedRelease(page: Page, module: string): Promise<string | undefined> {
  return page.evaluate((name) => {
    const releases = JSON.parse(document.getElementById('helio-releases')?.textContent ?? '{}') as Record<string, string>;
    return releases[name];
  }, module);
}

/** Signs in and waits for the first release report, which names this browser's session for the next page load. */
export async function signInForReleases(page: Page, user: { email: string; password: string }): Promise<void> {
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/releases/report') && r.status() === 200);
  await page.goto('/auth/sign-in');
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await reported;
}

/** Every file below `dir` with its size and modification time, to prove nothing was written. */
export function fileStamps(dir: string): string[] {
  const stamps: string[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else {
        const stat = fs.statSync(path.join(dir, relative));
        stamps.push(`${relative} ${stat.size} ${stat.mtimeMs}`);
      }
    }
  };
  walk('');
  return stamps.sort();
}
