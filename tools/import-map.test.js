const fs = require('fs');
const path = require('path');
const sharedModules = require('./shared-modules');
const { helioExternals } = require('./webpack.factory');

const root = path.resolve(__dirname, '..');
const importMap = JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8'));
const names = Object.keys(importMap.imports);

describe('the import map', () => {
  it('lists every shared library, so each reaches the browser exactly once', () => {
    for (const m of sharedModules) expect(names).toContain(m.name);
  });

  it('lists every browser workspace (each app folder included) under its @helio/<folder> name', () => {
    const apps = fs.readdirSync(root).filter((d) => d.endsWith('-app') && fs.existsSync(path.join(root, d, 'package.json')));
    expect(apps.length).toBeGreaterThan(5);
    for (const ws of ['root-config', 'shared-utils', ...apps]) expect(importMap.imports[`@helio/${ws}`]).toBe(`/apps/${ws}/helio-${ws}.js`);
  });

  it('names nothing that is neither shared nor a @helio module', () => {
    const shared = new Set(sharedModules.map((m) => m.name));
    expect(names.filter((n) => !shared.has(n) && !n.startsWith('@helio/'))).toEqual([]);
  });
});

describe('the webpack factory', () => {
  it('keeps every shared library and every @helio module out of app bundles', () => {
    const externals = helioExternals();
    for (const m of sharedModules) expect(externals).toContain(m.name);
    expect(externals.some((e) => e instanceof RegExp && e.test('@helio/anything'))).toBe(true);
  });

  it('keeps a shared library external in the others but not in its own build', () => {
    expect(helioExternals(['react'])).not.toContain('react');
    expect(helioExternals(['react'])).toContain('react-dom');
  });
});
