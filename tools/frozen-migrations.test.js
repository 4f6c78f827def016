// Migrations are frozen: what an old migration does on a fresh database never changes when the
// application or the demo data does. The rule, checked here:
// - every migration lives in a `migrations/` folder of its domain under server/src (a file named
//   `migration.ts` or `*-migration.ts` anywhere else fails);
// - a file of a `migrations/` folder imports only `kysely`, Node's built-ins (`node:…`) and files of
//   its own folder (what it needs of the application is copied in, as it was then);
// - outside those folders only the module.ts of their domain (a folder above theirs: `iot/module.ts`
//   for `iot/shadows/migrations/`) and tests (with their fixtures) import them, so live code never
//   shares a migration's frozen copy;
// - every file of a `migrations/` folder is reached from the modules list (server/src/modules.ts, through
//   the modules' module.ts, directly or through a sibling): server/src/db/migrations.ts runs what it
//   lists.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const serverSrc = path.join(root, 'server', 'src');
const MODULE_LIST = path.join(serverSrc, 'modules.ts');
const SPECIFIER = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

const isTest = (file) => /\.test\.tsx?$/.test(file);
/** Tests and their helpers (test fixtures, server/src/testing) may run a migration on its own. */
const isTestSupport = (file) =>
  isTest(file) || path.basename(file) === 'test-fixtures.ts' || file.includes(`${path.sep}testing${path.sep}`);
const inMigrationsFolder = (file) => path.basename(path.dirname(file)) === 'migrations';
/** A domain's module.ts may import the migrations of the folders under it. */
const isModuleOf = (file, migration) =>
  path.basename(file) === 'module.ts' && path.dirname(migration).startsWith(path.dirname(file) + path.sep);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importsOf = (text) => [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
const rel = (file) => path.relative(root, file);

/** The file a relative import names (a .ts file; the order list wins over the folder named like it). */
function resolved(file, specifier) {
  const base = path.resolve(path.dirname(file), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate)) ?? base;
}

/** What is wrong with one migration file's imports. */
function migrationImportProblems(file, text) {
  return importsOf(text)
    .filter((s) => {
      if (s === 'kysely' || s.startsWith('node:')) return false;
      if (!s.startsWith('./') || s.slice(2).includes('/')) return true;
      return false;
    })
    .map((s) => `${rel(file)} imports ${s}`);
}

const files = sourceFiles(serverSrc);
const migrationFiles = files.filter((file) => inMigrationsFolder(file) && !isTest(file));

describe('frozen migrations', () => {
  it('are found in the domains’ migrations folders', () => {
    expect(migrationFiles.length).toBeGreaterThan(30);
    const strays = files.filter((file) => !isTest(file) && !inMigrationsFolder(file) && /(^|-)migration\.ts$/.test(path.basename(file)));
    expect(strays.map(rel)).toEqual([]);
  });

  it('import only kysely, Node’s built-ins and files of their own folder', () => {
    const problems = migrationFiles.flatMap((file) => migrationImportProblems(file, fs.readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('are imported by their domain’s module and tests only', () => {
    const reaching = files
      .filter((file) => !isTestSupport(file) && !inMigrationsFolder(file))
      .flatMap((file) =>
        importsOf(fs.readFileSync(file, 'utf8'))
          .filter((s) => s.startsWith('.') && inMigrationsFolder(resolved(file, s)) && !isModuleOf(file, resolved(file, s)))
          .map((s) => `${rel(file)} imports ${s}`),
      );
    expect(reaching).toEqual([]);
  });

  it('are all reached from the modules list', () => {
    const reached = new Set();
    const visit = (file) => {
      for (const s of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (!s.startsWith('.')) continue;
        const target = resolved(file, s);
        if (inMigrationsFolder(target) && !reached.has(target)) {
          reached.add(target);
          visit(target);
        }
      }
    };
    const listed = importsOf(fs.readFileSync(MODULE_LIST, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => resolved(MODULE_LIST, s))
      .filter((file) => path.basename(file) === 'module.ts');
    expect(listed.length).toBeGreaterThan(20);
    listed.forEach(visit);
    expect(migrationFiles.filter((file) => !reached.has(file)).map(rel)).toEqual([]);
  });

  it('lets a domain’s module import the migrations of its folders only', () => {
    const src = (file) => path.join(serverSrc, ...file.split('/'));
    expect(isModuleOf(src('iot/module.ts'), src('iot/shadows/migrations/002-devices.ts'))).toBe(true);
    expect(isModuleOf(src('plants/module.ts'), src('plants/migrations/057-plant-listing.ts'))).toBe(true);
    expect(isModuleOf(src('plants/module.ts'), src('device/migrations/014-devices.ts'))).toBe(false);
    expect(isModuleOf(src('plants/routes.ts'), src('plants/migrations/057-plant-listing.ts'))).toBe(false);
  });

  it('notices a migration importing application code or demo data', () => {
    const file = path.join(serverSrc, 'plants', 'migrations', '099-example.ts');
    const text = [
      "import { sql, type Kysely } from 'kysely';",
      "import { randomUUID } from 'node:crypto';",
      "import { frozen } from './099-frozen-values';",
      "import { DEMO_TENANTS } from '../../demo/demo-data';",
      "import { isPostgres } from '../../db/dialect';",
      "import type { Database } from '../../db/schema';",
      "import { foldForSearch } from '@helio/contracts';",
      "import { deeper } from './sub/deeper';",
    ].join('\n');
    expect(migrationImportProblems(file, text)).toEqual([
      'server/src/plants/migrations/099-example.ts imports ../../demo/demo-data',
      'server/src/plants/migrations/099-example.ts imports ../../db/dialect',
      'server/src/plants/migrations/099-example.ts imports ../../db/schema',
      'server/src/plants/migrations/099-example.ts imports @helio/contracts',
      'server/src/plants/migrations/099-example.ts imports ./sub/deeper',
    ]);
  });
});
