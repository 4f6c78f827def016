// `npm run releases -- list|canary|promote|rollback …` and the registering half of `npm run release`:
// the same changes as the releases page, against the database and data directory the server uses
// (DATA_DIR, DATABASE_URL), audited like the page's. A running server sees them on its next page load.
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from '../config';
import { createDatabase } from '../db';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { releasesStoreOf } from './index';
import { InvalidReleaseError, readReleaseFiles } from './release-files';
import { missingSharedNames, readSharedExports } from './shared-imports';
import {
  platformTenantId,
  promote,
  registerRelease,
  ReleaseConflictError,
  ReleaseNotFoundError,
  rollback,
  setCanary,
  type ReleaseActor,
} from './store';
import { listView } from './view';

const USAGE = `Usage:
  npm run releases -- list
  npm run releases -- canary <app> <release> [--share <per cent>] [--org <organisation name or id>]… [--min-loads <n>] [--max-error-rate <0..1>]
  npm run releases -- promote <app>
  npm run releases -- rollback <app>
  npm run release -- <app> [--from <built app folder>]     (builds and registers a release)
Options for every command: --by <e-mail of an administrator> (recorded in the audit log)`;

export class UsageError extends Error {}

interface Parsed {
  positional: string[];
  options: Map<string, string[]>;
}

export function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      options.set(arg.slice(2), [...(options.get(arg.slice(2)) ?? []), value]);
      i++;
    } else positional.push(arg);
  }
  return { positional, options };
}

const moduleName = (app: string | undefined) => {
  if (!app) throw new UsageError('Name the app, e.g. ev-app');
  return app.startsWith('@helio/') ? app : `@helio/${app}`;
};

function number(options: Map<string, string[]>, name: string): number | undefined {
  const raw = options.get(name)?.[0];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number`);
  return value;
}

async function actorOf(db: Kysely<Database>, by: string | undefined, organisation: string | undefined): Promise<ReleaseActor> {
  const tenantId = await platformTenantId(db, organisation);
  if (!tenantId) throw new UsageError('The database has no organisation yet: start the server once first');
  if (by) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', by)
      .where('tenant_id', '=', tenantId)
      .where('placeholder', '=', 0)
      .executeTakeFirst();
    if (!user) throw new UsageError(`${by} is no user of the organisation that runs the releases`);
    return { tenantId, id: user.id, email: user.email };
  }
  return { tenantId, id: null, email: null, via: 'cli' };
}

async function organisationIds(db: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  const tenants = await db.selectFrom('tenants').select(['id', 'name']).execute();
  return names.map((name) => {
    const found = tenants.find((t) => t.id === name || t.name === name);
    if (!found) throw new UsageError(`No organisation ${name}`);
    return found.id;
  });
}

const percent = (loads: number, errors: number) => (loads === 0 ? '–' : `${((errors / loads) * 100).toFixed(1)} %`);

export async function runCommand(
  db: Kysely<Database>,
  argv: readonly string[],
  print: (line: string) => void,
  config: Pick<Config, 'dataDir' | 'publicDir' | 'releasesOrganisation'>,
): Promise<void> {
  const { positional, options } = parseArgs(argv);
  const [command, app, release] = positional;
  const actor = () => actorOf(db, options.get('by')?.[0], config.releasesOrganisation);
  switch (command) {
    case 'register': {
      if (!app) throw new UsageError('register needs the release folder');
      const files = readReleaseFiles(app);
      const shared = readSharedExports(config.publicDir);
      if (!shared) throw new UsageError(`${config.publicDir}/shared-exports.json is missing: run npm run build first`);
      const missing = missingSharedNames(app, shared);
      if (missing.length > 0) {
        throw new InvalidReleaseError(
          `${files.module} imports names the served shared modules do not export:\n  ${missing.join('\n  ')}\n` +
            'Rebuild the console (npm run build) so the shared modules carry them, then release again.',
        );
      }
      const result = await registerRelease(db, releasesStoreOf(config), app, files, { source: 'cli', actor: await actor() });
      print(result.created ? `registered ${files.module} ${files.name}` : `${files.module} ${files.name} was registered already`);
      if (result.becameStable) print(`${files.name} is the stable release of ${files.module} (its first)`);
      return;
    }
    case 'list': {
      const platform = await platformTenantId(db, config.releasesOrganisation);
      if (!platform) throw new UsageError('The database has no organisation yet');
      const view = await listView(db, platform);
      for (const m of view.modules) {
        const canary = m.canary
          ? `canary ${m.canary} (${m.share} %${m.organisations.length > 0 ? `, ${m.organisations.map((o) => o.name).join(', ')}` : ''})`
          : 'no canary';
        print(`${m.module}: stable ${m.stable}, ${canary}`);
        for (const r of m.releases)
          print(`    ${r.name}  ${r.source}  ${r.createdAt}  loads ${r.loads}, errors ${r.errors} (${percent(r.loads, r.errors)})`);
        if (m.autoRollback) print(`    rolled back by itself at ${m.autoRollback.at}: ${m.autoRollback.release}`);
      }
      return;
    }
    case 'canary': {
      if (!release) throw new UsageError('canary needs the app and the release');
      const orgs = await organisationIds(db, options.get('org') ?? []);
      const share = number(options, 'share') ?? 0;
      if (!Number.isInteger(share) || share < 0 || share > 100) throw new UsageError('--share is a whole per cent, 0–100');
      await setCanary(
        db,
        {
          module: moduleName(app),
          release,
          share,
          tenants: orgs,
          minLoads: number(options, 'min-loads'),
          maxErrorRate: number(options, 'max-error-rate'),
        },
        await actor(),
      );
      print(`${moduleName(app)}: canary ${release} for ${share} % of users${orgs.length > 0 ? ` and ${orgs.length} organisation(s)` : ''}`);
      return;
    }
    case 'promote':
      await promote(db, moduleName(app), await actor());
      print(`${moduleName(app)}: the canary is the stable release`);
      return;
    case 'rollback':
      await rollback(db, moduleName(app), await actor());
      print(`${moduleName(app)}: rolled back`);
      return;
    default:
      throw new UsageError(USAGE);
  }
}

const BUSY_ATTEMPTS = 20;

/**
 * SQLite answers BUSY at once, whatever the busy timeout, when a transaction that has read must become
 * a writer after another process (the live server) wrote meanwhile (SQLITE_BUSY_SNAPSHOT in WAL mode).
 * The step rolled back whole, so it is tried again after a short wait.
 */
async function whileSqliteBusy<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= BUSY_ATTEMPTS || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Run beside a live server: on SQLite its writes (a first start's simulated history, one transaction
  // a plant, seconds on a loaded machine) hold the file; an operator's command waits rather than fails.
  const db = await createDatabase(config.databaseUrl, { sqliteBusyTimeoutMs: 60_000 });
  try {
    await whileSqliteBusy(() => migrateToLatest(db));
    // printed once the command went through, so a try again prints nothing twice
    const lines = await whileSqliteBusy(async () => {
      const out: string[] = [];
      await runCommand(db, process.argv.slice(2), (line) => out.push(line), config);
      return out;
    });
    for (const line of lines) process.stdout.write(`${line}\n`);
  } catch (error) {
    const known = [UsageError, InvalidReleaseError, ReleaseNotFoundError, ReleaseConflictError].some((type) => error instanceof type);
    process.stderr.write(`${known && error instanceof Error ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) void main();
