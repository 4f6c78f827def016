// Imports point one way: apps -> shared-utils -> contracts; server -> contracts; simulator -> contracts.
// No browser workspace imports the server's or the simulator's sources, and the contract imports
// nothing of the project (only its schema library).
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { workspaces } = require('../package.json');
const NOT_BROWSER = new Set(['tools', 'contracts', 'server', 'device-simulator', 'e2e']);
const browserWorkspaces = workspaces.filter((w) => !NOT_BROWSER.has(w));

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The workspace folder an import lands in, for relative imports and @helio/* names. */
function targetWorkspace(file, specifier) {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
  const helio = /^@helio\/([^/]+)/.exec(specifier);
  return helio ? helio[1] : undefined;
}

function violations(workspaceDirs, forbidden) {
  return workspaceDirs.flatMap((ws) =>
    sourceFiles(path.join(root, ws)).flatMap((file) =>
      importsOf(file)
        .filter((s) => forbidden(targetWorkspace(file, s), s))
        .map((s) => `${path.relative(root, file)} imports ${s}`),
    ),
  );
}

describe('import direction', () => {
  it('keeps apps and shared-utils off the server and the simulator', () => {
    expect(browserWorkspaces).toContain('shared-utils');
    expect(violations(browserWorkspaces, (ws) => ws === 'server' || ws === 'device-simulator')).toEqual([]);
  });

  it('keeps the contract a leaf: it imports only itself and its schema library', () => {
    const outside = (ws, s) => (s.startsWith('.') ? ws !== 'contracts' : !s.startsWith('@sinclair/typebox'));
    expect(violations(['contracts/src'], outside)).toEqual([]);
  });

  it('notices an app file reaching into the server', () => {
    const file = path.join(root, 'management-app', 'src', 'x.ts');
    expect(targetWorkspace(file, '../../server/src/plants/plant-limits')).toBe('server');
    expect(targetWorkspace(file, '@helio/device-simulator')).toBe('device-simulator');
    expect(importsOf(__filename).length).toBeGreaterThan(0);
  });
});
