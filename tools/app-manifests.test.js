const fs = require('fs');
const os = require('os');
const path = require('path');
const { checkAppManifests, collectAppManifests, loadTypeOnlyModule, manifestFiles, PLANNED_APPS } = require('./app-manifests');

const root = path.resolve(__dirname, '..');
const importMap = JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8'));

/** A repository of its own: the import map, an auth app, and whatever folders a test adds. */
function scratchRepo(apps) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-manifests-'));
  const imports = {};
  for (const [folder, source] of Object.entries(apps)) {
    fs.mkdirSync(path.join(dir, folder, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, folder, 'src', 'manifest.ts'), source);
    imports[`@helio/${folder}`] = `/apps/${folder}/helio-${folder}.js`;
  }
  fs.writeFileSync(path.join(dir, 'import-map.json'), JSON.stringify({ imports }));
  return dir;
}

const AUTH = `import type { AppManifest } from '@helio/shared-utils';
export const manifest = { layout: 'auth', routes: { signIn: { paths: ['/auth'] }, notFound: { paths: ['*'] } } } as const satisfies AppManifest;`;
const WEATHER = `import type { AppManifest } from '@helio/shared-utils';
export const manifest = {
  routes: { home: { paths: ['/weather'] } },
  menu: { entries: [{ key: 'weather', label: 'pages.statistics', href: '/weather', icon: { active: 'cloud', inactive: 'cloud' }, order: 45 }] },
} as const satisfies AppManifest;`;

describe('the app manifests document', () => {
  it('has every app of the import map that has a manifest, and the planned modules', () => {
    const manifests = collectAppManifests();
    for (const app of ['auth-app', 'monitoring-app', 'notifications-app', 'account-app', 'flow-app', 'management-app']) {
      expect(Object.keys(manifests)).toContain(`@helio/${app}`);
    }
    for (const planned of ['rc', 'fep', 'ev', 'analytics', 'integrations'])
      expect(Object.keys(manifests)).toContain(`@helio/${planned}-app`);
    expect(checkAppManifests(manifests)).toEqual([]);
  });

  it('takes a new app from its folder and its import-map line alone', () => {
    const repo = scratchRepo({ 'auth-app': AUTH, 'weather-app': WEATHER });
    expect(Object.keys(collectAppManifests({ root: repo }))).toEqual(['@helio/auth-app', '@helio/weather-app']);
    const withoutLine = { imports: { '@helio/auth-app': '/apps/auth-app/helio-auth-app.js' } };
    expect(Object.keys(collectAppManifests({ root: repo, importMap: withoutLine }))).toEqual(['@helio/auth-app']);
  });

  it('refuses a manifest that imports anything but types (the build reads it without bundling)', () => {
    const repo = scratchRepo({
      'auth-app': AUTH,
      'weather-app': `import { x } from './x';\nexport const manifest = { routes: { a: { paths: [x] } } };`,
    });
    expect(() => collectAppManifests({ root: repo })).toThrow(/must import types only/);
  });

  it('names a path two apps claim, a group no app declares, a label that is no page-name key in every language, a parent that is no visible item, a second auth layout', () => {
    const problems = checkAppManifests(
      {
        '@helio/a-app': { layout: 'auth', routes: { x: { paths: ['/x'] } } },
        '@helio/b-app': {
          layout: 'auth',
          routes: { x: { paths: ['/x'] } },
          menu: {
            items: [
              { group: 'nowhere', label: 'pages.x', href: '/x', order: 1 },
              { group: 'nowhere', label: 'Počasí', href: '/y', order: 2 },
              { group: 'nowhere', label: 'pages.x', href: '/x/:id', hidden: true, parentHref: '/z', order: 3 },
            ],
          },
        },
      },
      { cs: { pages: { x: 'X' } }, en: { pages: {} } },
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'exactly one app must have the auth layout, found 2',
        '/x is claimed by @helio/a-app and @helio/b-app',
        '@helio/b-app: menu item /x names group "nowhere", which no app declares',
        "@helio/b-app: the menu label of /x must be a key of shared-utils' common.json in en",
        '@helio/b-app: menu item /x/:id lights /z, no visible item of its group',
        "@helio/b-app: the menu label of /y must be a key of shared-utils' common.json in cs, en",
      ]),
    );
  });

  it('keeps a planned module only until its app has a manifest of its own (then delete it from planned-apps.ts)', () => {
    const { plannedApps } = loadTypeOnlyModule(path.join(root, PLANNED_APPS));
    const built = Object.keys(manifestFiles(root, importMap));
    for (const name of Object.keys(plannedApps)) expect([name, built.includes(name)]).toEqual([name, false]);
  });
});
