// Incremental rollout of the console's modules: the releases registry, each visitor's index.html and
// translations and the release files (immutable, under the data directory). The releases API: module.ts.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { IMMUTABLE, type ConsolePages } from '../http/static';
import { assignReleases } from './assignment';
import { registerBuildReleases } from './build-releases';
import { createIndexRenderer } from './index-page';
import { loadRollouts, releaseDir, tenantsOf, type ReleaseRow } from './store';
import { visitorOf } from './visitor';

export const releasesStoreOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'releases');

/** Module -> the release this request's visitor is served. */
export async function releasesFor(db: Kysely<Database>, request: FastifyRequest): Promise<Map<string, ReleaseRow>> {
  const [rollouts, visitor] = await Promise.all([loadRollouts(db), visitorOf(db, request)]);
  const names = assignReleases(
    rollouts.map((r) => ({
      module: r.module.module,
      stable: r.stable.name,
      canary: r.canary?.name ?? null,
      share: Number(r.module.canary_share),
      tenants: tenantsOf(r.module),
    })),
    visitor,
  );
  const rows = new Map<string, ReleaseRow>();
  for (const r of rollouts) rows.set(r.module.module, names.get(r.module.module) === r.canary?.name && r.canary ? r.canary : r.stable);
  return rows;
}

/** Registers the build's releases and serves the release files (the API is releases/module.ts); answers the console's per-request pages. */
export async function registerReleases(
  app: FastifyInstance,
  { db, config }: { db: Kysely<Database>; config: Config },
): Promise<ConsolePages> {
  const storeDir = releasesStoreOf(config);
  fs.mkdirSync(storeDir, { recursive: true });
  await registerBuildReleases(db, {
    publicDir: config.publicDir,
    storeDir,
    organisation: config.releasesOrganisation,
    log: (line) => app.log.info(line),
  });
  await app.register(fastifyStatic, {
    root: storeDir,
    prefix: '/releases/',
    decorateReply: false,
    wildcard: true,
    index: false,
    redirect: false,
    cacheControl: false,
    // A release's files never change once registered: its name is the hash of them all.
    setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
  });
  const renderer = createIndexRenderer(config.publicDir);
  return {
    async index(request) {
      return renderer.render(await releasesFor(db, request));
    },
    async locale(request, language, file) {
      const module = `@helio/${file.replace(/\.json$/, '')}`;
      const release = (await releasesFor(db, request)).get(module);
      if (!release || !(JSON.parse(release.locales) as string[]).includes(language)) return null;
      return { root: releaseDir(storeDir, module, release.name), file: path.posix.join('locales', language, file) };
    },
  };
}
