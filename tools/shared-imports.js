// The names the console's browser code imports from a shared library (Blueprint, RxJS, React Router,
// TanStack Query), found in the sources of every browser workspace (a folder with a
// webpack.config.js). shared-deps builds such a library's module with exactly these, so the first
// load carries nothing nobody uses; the list is made anew at every build, so a new import cannot be
// missed.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|js|jsx)$/;
const NOT_SHIPPED = /\.test\.(ts|tsx|js)$/;

function browserWorkspaces() {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'shared-deps' && d.name !== 'node_modules')
    .filter((d) => fs.existsSync(path.join(root, d.name, 'webpack.config.js')) && fs.existsSync(path.join(root, d.name, 'src')))
    .map((d) => path.join(root, d.name, 'src'));
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_SHIPPED.test(entry.name) ? [full] : [];
  });
}

/**
 * Value names a source imports or re-exports from `moduleName` (`type` ones left out). A namespace
 * or default import cannot be narrowed: it answers null.
 */
function importedNamesIn(source, moduleName) {
  const quoted = moduleName.replace(/[/.]/g, '\\$&');
  if (new RegExp(`import\\s+\\w+\\s*(,|from)[^;]*['"]${quoted}['"]`).test(source)) return null;
  if (new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${quoted}['"]`).test(source)) return null;
  const names = new Set();
  const named = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${quoted}['"]`, 'g');
  for (const [, typeOnly, list] of source.matchAll(named)) {
    if (typeOnly) continue;
    for (const part of list.split(',')) {
      const item = part.trim();
      if (item === '' || item.startsWith('type ')) continue;
      names.add(item.split(/\s+as\s+/)[0].trim());
    }
  }
  return [...names];
}

/** Every name imported from `moduleName` anywhere, sorted; null when some file needs the whole module. */
function importedNames(moduleName, dirs = browserWorkspaces()) {
  const all = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    const names = importedNamesIn(fs.readFileSync(file, 'utf8'), moduleName);
    if (names === null) return null;
    names.forEach((name) => all.add(name));
  }
  return [...all].sort();
}

module.exports = { importedNames, importedNamesIn, browserWorkspaces };
