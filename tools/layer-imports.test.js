// Imports point one way: apps -> shared-utils -> contracts; server -> contracts; simulator -> contracts.
// No browser workspace imports the server's or the simulator's sources, the contract imports
// nothing of the project (only its schema library), and the plant gateway (a Node service of its
// own, run on the plant's network) reaches the server only from its tests.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const { workspaces } = require('../package.json');
const NOT_BROWSER = new Set(['tools', 'contracts', 'server', 'device-simulator', 'e2e', 'gateway']);
/** package.json names the apps with a glob ("*-app"); the folders are what the test must read. */
const expand = (pattern) =>
  pattern.includes('*')
    ? fs
        .readdirSync(root)
        .filter((name) => new RegExp(`^${pattern.replace('*', '.*')}$`).test(name) && fs.existsSync(path.join(root, name, 'package.json')))
    : [pattern];
const browserWorkspaces = workspaces.flatMap(expand).filter((w) => !NOT_BROWSER.has(w));

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
    expect(browserWorkspaces).toEqual(expect.arrayContaining(['shared-utils', 'root-config', 'management-app']));
    expect(violations(browserWorkspaces, (ws) => ws === 'server' || ws === 'device-simulator')).toEqual([]);
  });

  it('keeps the contract a leaf: it imports only itself and its schema library', () => {
    const outside = (ws, s) => (s.startsWith('.') ? ws !== 'contracts' : !s.startsWith('@sinclair/typebox'));
    expect(violations(['contracts/src'], outside)).toEqual([]);
  });

  it('keeps the gateway off the server, except in its tests and their testing helpers', () => {
    const isTest = (file) => /\.test\.[jt]s$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);
    const gatewayFiles = sourceFiles(path.join(root, 'gateway')).filter((file) => !isTest(file));
    const reaching = gatewayFiles.flatMap((file) =>
      importsOf(file)
        .filter((s) => targetWorkspace(file, s) === 'server')
        .map((s) => `${path.relative(root, file)} imports ${s}`),
    );
    expect(gatewayFiles.length).toBeGreaterThan(0);
    expect(reaching).toEqual([]);
  });

  it('notices an app file reaching into the server', () => {
    const file = path.join(root, 'management-app', 'src', 'x.ts');
    expect(targetWorkspace(file, '../../server/src/plants/plant-limits')).toBe('server');
    expect(targetWorkspace(file, '@helio/device-simulator')).toBe('device-simulator');
    expect(importsOf(__filename).length).toBeGreaterThan(0);
  });
});
