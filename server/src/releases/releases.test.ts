// Releases end to end on the server: the build's releases, each visitor's import map (organisation
// targeting, sticky shares, signed-out visitors), promote and rollback, the releases API's access,
// the bounds of browser reports and a canary that rolls back by itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { RELEASE_REPORT_MAX_LOADS, RELEASE_REPORTS_PER_MINUTE } from '@helio/contracts';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { buildApp } from '../http/app';
import { TEST_IDENTITY, addRole, addUser, tenantIdOf, tokenFor } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, signIn, testConfig } from '../testing/test-app';
import { runCommand } from './cli';
import { filesOf } from './release-files';
import { RELEASE_COOKIE } from './visitor';

const ADMIN = { email: 'admin@helio.local', password: 'Helio-admin-2024!' };
const OTHER = { email: 'other@other-energy.local', password: 'Helio-other-2024!' };
const BOOT_SCRIPT = "System.import('@helio/root-config')";

/** One app's build folder, as the build writes it; `label` stands for what differs between releases. */
function writeAppBuild(dir: string, folder: string, label: string, imports: string[] = ['Button']): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'locales', 'cs'), { recursive: true });
  const digest = createHash('sha256').update(label).digest('hex').slice(0, 8);
  const entry = `helio-${folder}.${digest}.js`;
  const css = `helio-${folder}.${digest}.css`;
  const setters = imports.map((name) => `r.${name}=e.${name}`).join(',');
  fs.writeFileSync(
    path.join(dir, entry),
    `System.register(["@blueprintjs/core","react"],function(e,t){var r={},o={};return{setters:[function(e){${setters}},function(e){o.default=e.default||e}],execute:function(){e({label:${JSON.stringify(label)}})}}});`,
  );
  fs.writeFileSync(path.join(dir, css), `.x{content:${JSON.stringify(label)}}`);
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ entries: { [`helio-${folder}`]: entry }, styles: { [`helio-${folder}`]: [css] } }),
  );
  fs.writeFileSync(path.join(dir, `app-manifest.${digest}.json`), JSON.stringify({ module: folder, label }));
  fs.writeFileSync(path.join(dir, 'locales', 'cs', `${folder}.json`), JSON.stringify({ title: label }));
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ module: `@helio/${folder}`, version: '0.1.0' }));
}

function writeConsole(publicDir: string): void {
  for (const folder of ['ev-app', 'fep-app']) writeAppBuild(path.join(publicDir, 'apps', folder), folder, `${folder} built`);
  const map = {
    imports: { '@helio/ev-app': '/apps/ev-app/built.js', '@helio/fep-app': '/apps/fep-app/built.js', react: '/apps/shared-deps/react.js' },
  };
  fs.writeFileSync(
    path.join(publicDir, 'index.html'),
    [
      '<!doctype html><html><head>',
      '    <link rel="stylesheet" href="/apps/ev-app/built.css" />',
      `    <script type="systemjs-importmap">\n      ${JSON.stringify(map)}\n    </script>`,
      `    <script type="application/json" id="helio-app-manifests">\n      {"@helio/ev-app":{},"@helio/fep-app":{}}\n    </script>`,
      `    <script>${BOOT_SCRIPT}</script>`,
      '</head><body></body></html>',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(publicDir, 'shared-exports.json'), JSON.stringify({ '@blueprintjs/core': ['Button', 'Card'], react: null }));
}

interface Page {
  importMap: Record<string, string>;
  releases: Record<string, string>;
  manifests: Record<string, unknown>;
  response: LightMyRequestResponse;
}

describe.each(databaseTargets())('releases on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let config: ReturnType<typeof testConfig>;
  let cookies: Record<'admin' | 'other', string>;
  let tokens: Record<'admin' | 'other', string>;
  const releasesDir = () => path.join(config.dataDir, 'releases');

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await runCommand(db, argv, (line) => lines.push(line), config);
    return lines;
  };

  async function page(cookie?: string): Promise<Page> {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', ...(cookie ? { cookie: `${RELEASE_COOKIE}=${cookie}` } : {}) },
    });
    const json = (re: RegExp) => JSON.parse(re.exec(response.body)?.[1] ?? 'null') as Record<string, unknown>;
    return {
      importMap: (json(/<script type="systemjs-importmap">([\s\S]*?)<\/script>/) as { imports: Record<string, string> }).imports,
      releases: json(/<script type="application\/json" id="helio-releases">([\s\S]*?)<\/script>/) as Record<string, string>,
      manifests: json(/<script type="application\/json" id="helio-app-manifests">([\s\S]*?)<\/script>/),
      response,
    };
  }

  /** Signs in and sends the first (empty) report, as the console does: its answer names the session for the page. */
  async function visitorCookie(user: { email: string; password: string }): Promise<{ cookie: string; token: string }> {
    const { idToken } = await signIn(app, user.email, user.password);
    const report = await apiPost(app, 'releases/report', { loads: [], errors: [] }, idToken);
    expect(report.statusCode).toBe(200);
    const cookie = report.cookies.find((c) => c.name === RELEASE_COOKIE);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true });
    return { cookie: cookie?.value ?? '', token: idToken };
  }

  /** Registers a second release of ev-app through the command line; answers its name. */
  async function registerSecond(label: string, imports?: string[]): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-release-'));
    writeAppBuild(dir, 'ev-app', label, imports);
    const [line] = await cli('register', dir);
    return /registered @helio\/ev-app (\S+)/.exec(line ?? '')?.[1] ?? '';
  }

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    config = testConfig();
    writeConsole(config.publicDir);
    app = await buildApp({ db, config, identity: TEST_IDENTITY });
    await app.ready();
    const admin = await visitorCookie(ADMIN);
    const other = await visitorCookie(OTHER);
    cookies = { admin: admin.cookie, other: other.cookie };
    tokens = { admin: admin.token, other: other.token };
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it("registers the build as each app's stable release and serves it, immutable, to a signed-out visitor", async () => {
    const signedOut = await page();
    expect(signedOut.response.headers['cache-control']).toBe('no-cache');
    const stable = signedOut.releases['@helio/ev-app'] ?? '';
    expect(stable).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(signedOut.importMap['@helio/ev-app']).toMatch(new RegExp(`^/releases/ev-app/${stable}/helio-ev-app\\.[0-9a-f]{8}\\.js$`));
    expect(signedOut.importMap.react).toBe('/apps/shared-deps/react.js');
    const file = await app.inject({ method: 'GET', url: signedOut.importMap['@helio/ev-app'] ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body).toContain('ev-app built');
    // the build's own stylesheet link gives way to the release's
    expect(signedOut.response.body).not.toContain('/apps/ev-app/built.css');
    expect(signedOut.response.body).toContain(`/releases/ev-app/${stable}/helio-ev-app.`);
  });

  it("allows exactly the page's inline script by its hash, computed for the response, and no 'unsafe-inline'", async () => {
    const { response } = await page(cookies.admin);
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src '));
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${hash}`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('gives a canary only to the organisations it names, then to everyone when promoted, to no one when rolled back', async () => {
    const stable = (await page()).releases['@helio/ev-app'];
    const canary = await registerSecond('ev-app canary');
    expect(canary).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    await cli('canary', 'ev-app', canary, '--org', 'Other Energy s.r.o.');

    const other = await page(cookies.other);
    expect(other.releases['@helio/ev-app']).toBe(canary);
    expect(other.importMap['@helio/ev-app']).toContain(`/releases/ev-app/${canary}/`);
    expect(other.manifests['@helio/ev-app']).toEqual({ module: 'ev-app', label: 'ev-app canary' });
    const otherTexts = await app.inject({
      method: 'GET',
      url: '/locales/cs/ev-app.json',
      headers: { cookie: `${RELEASE_COOKIE}=${cookies.other}` },
    });
    expect(otherTexts.json()).toEqual({ title: 'ev-app canary' });
    expect((await page(cookies.admin)).releases['@helio/ev-app']).toBe(stable);
    expect((await page()).releases['@helio/ev-app']).toBe(stable);
    const demoTexts = await app.inject({
      method: 'GET',
      url: '/locales/cs/ev-app.json',
      headers: { cookie: `${RELEASE_COOKIE}=${cookies.admin}` },
    });
    expect(demoTexts.json()).toEqual({ title: 'ev-app built' });

    const promoted = await apiPost(app, 'releases/promote', { module: '@helio/ev-app' }, tokens.admin);
    expect(promoted.json()).toMatchObject({ stable: canary, canary: null, previousStable: stable });
    expect((await page(cookies.admin)).releases['@helio/ev-app']).toBe(canary);
    expect((await page()).releases['@helio/ev-app']).toBe(canary);

    const rolledBack = await apiPost(app, 'releases/rollback', { module: '@helio/ev-app' }, tokens.admin);
    expect(rolledBack.json()).toMatchObject({ stable, canary: null });
    expect((await page(cookies.other)).releases['@helio/ev-app']).toBe(stable);
    expect((await page(cookies.admin)).releases['@helio/ev-app']).toBe(stable);

    const list = (await apiPost(app, 'releases/list', {}, tokens.admin)).json<{
      history: Array<{ action: string; actor: string | null; details: Record<string, unknown> }>;
    }>();
    expect(list.history.slice(0, 3).map((h) => [h.action, h.actor, h.details.by])).toEqual([
      ['releases.rolled_back', ADMIN.email, undefined],
      ['releases.promoted', ADMIN.email, undefined],
      ['releases.canary_set', null, 'cli'],
    ]);
  });

  it('keeps a share canary sticky per user, and a signed-out visitor or an unknown session on stable', async () => {
    const canary = await registerSecond('ev-app share');
    const change = await apiPost(
      app,
      'releases/canary',
      { module: '@helio/ev-app', release: canary, share: 100, organisations: [] },
      tokens.admin,
    );
    expect(change.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await page(cookies.admin)).releases['@helio/ev-app']).toBe(canary);
    expect((await page()).releases['@helio/ev-app']).not.toBe(canary);
    expect((await page('00000000-0000-4000-8000-000000000000')).releases['@helio/ev-app']).not.toBe(canary);
    await apiPost(app, 'releases/canary', { module: '@helio/ev-app', release: canary, share: 0, organisations: [] }, tokens.admin);
    expect((await page(cookies.admin)).releases['@helio/ev-app']).not.toBe(canary);
    await apiPost(app, 'releases/rollback', { module: '@helio/ev-app' }, tokens.admin);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const canary = await registerSecond('ev-app audited canary');
    const other = await registerSecond('ev-app other canary');
    await cli('canary', 'ev-app', canary, '--org', 'Other Energy s.r.o.');
    const registry = async () => ({
      releases: await db.selectFrom('releases').select(['id', 'loads', 'errors']).orderBy('id').execute(),
      modules: await db.selectFrom('release_modules').selectAll().orderBy('module').execute(),
    });
    const before = await registry();
    await whileAuditRefused(db, await tenantIdOf(db, 'Helio Demo'), async () => {
      // By its message: better-sqlite3's errors come from the realm of the first test file of the
      // worker that loaded it, so toThrow() does not count them as errors in any other file.
      await expect(registerSecond('ev-app never audited')).rejects.toHaveProperty('message', 'audit entry refused by the test');
      for (const [path, body] of [
        ['releases/canary', { module: '@helio/ev-app', release: other, share: 100, organisations: [] }],
        ['releases/promote', { module: '@helio/ev-app' }],
        ['releases/rollback', { module: '@helio/ev-app' }],
      ] as const) {
        const response = await apiPost(app, path, body, tokens.admin);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect(await registry()).toEqual(before);
    await apiPost(app, 'releases/rollback', { module: '@helio/ev-app' }, tokens.admin);
  });

  it('names what a change asked for that does not exist: the release, or the organisation', async () => {
    const missing = await apiPost(
      app,
      'releases/canary',
      { module: '@helio/ev-app', release: 'no-such-release', share: 10, organisations: [] },
      tokens.admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ReleaseNotFound');
    const release = await registerSecond('ev-app canary for nobody');
    const nobody = await apiPost(
      app,
      'releases/canary',
      { module: '@helio/ev-app', release, share: 10, organisations: ['00000000-0000-4000-8000-000000000000'] },
      tokens.admin,
    );
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('OrganisationNotFound');
  });

  it('answers 401 without a token and 403 to a user without releases:manage or of another organisation', async () => {
    expect((await apiPost(app, 'releases/list', {})).statusCode).toBe(401);
    const tenant = await tenantIdOf(db, 'Helio Demo');
    const viewer = await tokenFor(
      db,
      await addUser(db, tenant, { customRoleId: await addRole(db, tenant, 'No releases', ['plants:read']) }),
    );
    expect((await apiPost(app, 'releases/list', {}, viewer)).statusCode).toBe(403);
    expect((await apiPost(app, 'releases/rollback', { module: '@helio/ev-app' }, viewer)).statusCode).toBe(403);
    // Other Energy's owner holds every permission of their own organisation, but releases reach everyone
    expect((await apiPost(app, 'releases/list', {}, tokens.other)).statusCode).toBe(403);
    expect((await apiPost(app, 'releases/list', {}, tokens.admin)).statusCode).toBe(200);
  });

  it('refuses a release that imports a shared name the served shared module lacks, naming it', async () => {
    await expect(registerSecond('ev-app too new', ['Button', 'Popover'])).rejects.toThrow(/@blueprintjs\/core: Popover/);
  });

  it('bounds reports, counts only releases the sender is served, and rate-limits each user', async () => {
    const stable = (await page()).releases['@helio/ev-app'] ?? '';
    const tooMany = Array.from({ length: RELEASE_REPORT_MAX_LOADS + 1 }, () => ({ module: '@helio/ev-app', release: stable }));
    expect((await apiPost(app, 'releases/report', { loads: tooMany, errors: [] }, tokens.other)).statusCode).toBe(400);
    const long = { module: '@helio/ev-app', release: stable, message: 'x'.repeat(301) };
    expect((await apiPost(app, 'releases/report', { loads: [], errors: [long] }, tokens.other)).statusCode).toBe(400);
    const notServed = await registerSecond('ev-app never served');
    const counted = await apiPost(
      app,
      'releases/report',
      { loads: [{ module: '@helio/ev-app', release: notServed }], errors: [] },
      tokens.other,
    );
    expect(counted.json()).toEqual({ counted: 0 });
    const user = await tokenFor(db, await addUser(db, await tenantIdOf(db, 'Helio Demo'), { role: 'viewer' }));
    const answers: number[] = [];
    for (let i = 0; i <= RELEASE_REPORTS_PER_MINUTE; i++)
      answers.push((await apiPost(app, 'releases/report', { loads: [], errors: [] }, user)).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(RELEASE_REPORTS_PER_MINUTE);
    expect(answers.at(-1)).toBe(429);
  });

  it('rolls a canary back by itself once enough distinct users saw it fail, counting each user once, and audits it', async () => {
    const canary = await registerSecond('ev-app broken');
    await cli('canary', 'ev-app', canary, '--org', 'Other Energy s.r.o.', '--min-loads', '1', '--max-error-rate', '0.5');
    const failing = {
      loads: [{ module: '@helio/ev-app', release: canary }],
      errors: [{ module: '@helio/ev-app', release: canary, message: 'boom' }],
    };
    const working = { loads: [{ module: '@helio/ev-app', release: canary }], errors: [] };
    const storeBefore = filesOf(releasesDir()).map((f) => `${f}:${fs.statSync(path.join(releasesDir(), f)).mtimeMs}`);
    // One user's reports, however many, count once: below CANARY_MIN_REPORTERS users nothing is judged.
    for (let i = 0; i < 5; i++) await apiPost(app, 'releases/report', failing, tokens.other);
    expect((await page(cookies.other)).releases['@helio/ev-app']).toBe(canary);
    // A token without a sign-in session counts nothing.
    const otherTenant = await tenantIdOf(db, 'Other Energy s.r.o.');
    const sessionless = await tokenFor(db, await addUser(db, otherTenant, { role: 'viewer' }));
    expect((await apiPost(app, 'releases/report', failing, sessionless)).json()).toEqual({ counted: 0 });
    // Another user's stream of good loads cannot keep it alive: it is one user among the others.
    const colleague = async () =>
      (await signIn(app, (await addUser(db, otherTenant, { role: 'viewer' })).email, 'Test-password-2024!')).idToken;
    const praising = await colleague();
    for (let i = 0; i < 5; i++) await apiPost(app, 'releases/report', working, praising);
    expect((await page(cookies.other)).releases['@helio/ev-app']).toBe(canary); // 2 users loaded it
    // A third user who sees it fail: 2 of 3 users (over 0.5), and 3 users at least: rolled back.
    expect((await apiPost(app, 'releases/report', failing, await colleague())).json()).toEqual({ counted: 2 });
    expect((await page(cookies.other)).releases['@helio/ev-app']).not.toBe(canary);
    const list = (await apiPost(app, 'releases/list', {}, tokens.admin)).json<{
      modules: Array<{ module: string; canary: string | null; autoRollback: unknown }>;
      history: Array<{ action: string; actor: string | null }>;
    }>();
    expect(list.modules.find((m) => m.module === '@helio/ev-app')).toMatchObject({
      canary: null,
      autoRollback: { release: canary, loads: 3, errors: 2 },
    });
    expect(list.history[0]).toMatchObject({ action: 'releases.auto_rolled_back', actor: null });
    // the rollback is a change of the registry only: no release file was written or touched
    expect(filesOf(releasesDir()).map((f) => `${f}:${fs.statSync(path.join(releasesDir(), f)).mtimeMs}`)).toEqual(storeBefore);
  });
});
