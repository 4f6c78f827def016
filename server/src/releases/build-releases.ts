// The output of `npm run build` is every app's first release, so `npm ci && npm start` needs nothing
// else: each built app folder (dist/public/apps/<folder>/ with its release.json) is registered once,
// copied into the store, and a build the registry has not seen becomes its module's stable release.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { InvalidReleaseError, readReleaseFiles } from './release-files';
import { platformTenantId, registerRelease } from './store';

export async function registerBuildReleases(
  db: Kysely<Database>,
  {
    publicDir,
    storeDir,
    organisation,
    log,
  }: { publicDir: string; storeDir: string; organisation: string | undefined; log: (line: string) => void },
): Promise<string[]> {
  const appsDir = path.join(publicDir, 'apps');
  if (!fs.existsSync(appsDir)) return [];
  const tenantId = await platformTenantId(db, organisation);
  if (!tenantId) return [];
  const registered: string[] = [];
  for (const folder of fs.readdirSync(appsDir).sort()) {
    const dir = path.join(appsDir, folder);
    if (!fs.existsSync(path.join(dir, 'release.json'))) continue;
    try {
      const files = readReleaseFiles(dir);
      const result = await registerRelease(db, storeDir, dir, files, {
        source: 'build',
        actor: { tenantId, id: null, email: null, via: 'build' },
        makeStable: true,
      });
      if (result.created) registered.push(`${files.module}@${files.name}`);
    } catch (error) {
      if (!(error instanceof InvalidReleaseError)) throw error;
      log(`releases: the build of ${folder} is not a release: ${error.message}`);
    }
  }
  if (registered.length > 0) log(`releases: registered the build's ${registered.join(', ')}`);
  return registered;
}
