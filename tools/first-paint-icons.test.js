// The icons put inside the shared icons module (shared-deps/first-paint-icons.js): every icon on the
// rail of any app, and the shell's own, with the paths Blueprint would fetch for them.
const path = require('node:path');
const { firstPaintIconPaths, SHELL_ICONS } = require('../shared-deps/first-paint-icons');
const { collectAppManifests } = require('./app-manifests');

const root = path.join(__dirname, '..');
const iconsDir = path.dirname(require.resolve('@blueprintjs/icons/package.json', { paths: [path.join(root, 'shared-deps')] }));
const pathsDir = path.join(iconsDir, 'lib', 'esm', 'generated', '16px', 'paths');

describe('first-paint icons', () => {
  const bundled = firstPaintIconPaths({ root, pathsDir });

  it('hold every rail icon of every manifest and the shell’s own, and nothing of the panels', () => {
    const rail = Object.values(collectAppManifests({ root })).flatMap((m) =>
      (m.menu?.entries ?? []).flatMap((e) => [e.icon.active, e.icon.inactive]),
    );
    expect(Object.keys(bundled).sort()).toEqual([...new Set([...rail, ...SHELL_ICONS])].sort());
  });

  it('are the paths of the JSON file the icon would otherwise be fetched as', () => {
    // the same reading as icon-paths-plugin.js: SVG path strings
    expect(bundled.dashboard.length).toBeGreaterThan(0);
    expect(bundled.dashboard.every((d) => typeof d === 'string' && /^M/.test(d))).toBe(true);
  });

  it('refuse a name Blueprint has no icon for', () => {
    expect(() => firstPaintIconPaths({ root, pathsDir: path.join(pathsDir, 'nowhere') })).toThrow(/no such Blueprint icon/);
  });
});
