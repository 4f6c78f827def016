// Every workspace's translations: each namespace exists in Czech and English with the same keys
// (plural forms folded), the same placeholders, and no empty text.
const fs = require('fs');
const path = require('path');
const { compareNamespace, localeFiles } = require('./locale-keys');

const root = path.resolve(__dirname, '..');
const namespaces = localeFiles(root);

describe('the checker itself', () => {
  it('reports a key that exists in one language only, an empty text and a dropped placeholder', () => {
    const problems = compareNamespace({
      cs: { a: { b: 'B' }, only: 'jen česky', n_one: '{{count}} kus', n_few: '{{count}} kusy', n_other: '{{count}} kusů', e: '' },
      en: { a: { b: 'B' }, n_one: 'one piece', n_other: '{{count}} pieces', e: 'E' },
    });
    expect(problems).toEqual(expect.arrayContaining(['"only" is in cs but not in en', '"e" in cs is empty or not text']));
    expect(problems).toHaveLength(2);
    expect(compareNamespace({ cs: { x: 'Ahoj {{name}}' }, en: { x: 'Hello' } })).toEqual(['"x" uses {{name}} in cs but {{}} in en']);
  });
});

describe('every workspace translation', () => {
  it('covers the workspaces the console is made of', () => {
    const workspaces = new Set(namespaces.map((n) => n.workspace));
    for (const w of ['shared-utils', 'root-config', 'nav-app', 'auth-app', 'monitoring-app']) expect(workspaces).toContain(w);
  });

  // The one locale test of the apps: each app's own namespace (`<app>/locales/{cs,en}/<app>.json`) is
  // checked here, none by a copy of this test in the app.
  it('walks every app’s own namespace', () => {
    const apps = fs.readdirSync(root).filter((name) => name.endsWith('-app') && fs.existsSync(path.join(root, name, 'package.json')));
    expect(apps.length).toBeGreaterThan(10);
    const missing = apps.filter((app) => !namespaces.some((n) => n.workspace === app && n.namespace === app));
    expect(missing).toEqual([]);
  });

  it.each(namespaces.map((n) => [`${n.workspace}/${n.namespace}`, n]))('%s: Czech and English agree', (_name, n) => {
    expect(n.files).toEqual({ cs: expect.any(String), en: expect.any(String) });
    const trees = { cs: JSON.parse(fs.readFileSync(n.files.cs, 'utf8')), en: JSON.parse(fs.readFileSync(n.files.en, 'utf8')) };
    expect(compareNamespace(trees)).toEqual([]);
  });
});

// A permission reaches people by its label (common permissionNames), never as `devices:control`
// (issue #39): no text of the console names one by its identifier.
describe('permission identifiers', () => {
  const PERMISSION_ID = /\b(plants|devices|metrics|notifications|integrations|iam|audit|releases):(read|write|control|manage)\b/;
  const texts = (node, at = '') =>
    typeof node === 'string' ? [[at, node]] : Object.entries(node).flatMap(([key, value]) => texts(value, at ? `${at}.${key}` : key));

  it.each(namespaces.map((n) => [`${n.workspace}/${n.namespace}`, n]))('%s names none by its identifier', (_name, n) => {
    for (const file of Object.values(n.files)) {
      const named = texts(JSON.parse(fs.readFileSync(file, 'utf8'))).filter(([, text]) => PERMISSION_ID.test(text));
      expect(named).toEqual([]);
    }
  });
});
