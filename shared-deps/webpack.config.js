// Builds each shared library as its own System.register module (React 19 ships no UMD build).
// Each one keeps the others external, so exactly one copy of every library reaches the browser.
const fs = require('fs');
const path = require('path');
const sharedModules = require('../tools/shared-modules');
const { helioExternals, rules, cssPlugins, minimizers, NO_EVAL_ENVIRONMENT } = require('../tools/webpack.factory');
const { appsDir } = require('../tools/paths');
const { EntryManifestPlugin } = require('../tools/manifest-plugin');
const { IconPathsPlugin, iconSetHash, pathsDir } = require('./icon-paths-plugin');
const { firstPaintIconPaths } = require('./first-paint-icons');
const { importedNames } = require('../tools/shared-imports');

const entriesDir = path.join(__dirname, '.entries');
fs.mkdirSync(entriesDir, { recursive: true });

function version(pkg) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [__dirname] })).version;
}

/** Entry name carries the installed version: `react-dom_client@19.2.0`. */
function entryName(m) {
  return `${m.name.replace(/^@/, '').replace(/\//g, '_')}@${version(m.pkg)}`;
}

const wholeEntry = (name) =>
  [
    "import 'systemjs-webpack-interop/auto-public-path';",
    `import * as ns from '${name}';`,
    `export * from '${name}';`,
    "export default (ns['default'] !== undefined ? ns['default'] : ns);",
    '',
  ].join('\n');

// A narrowed module carries only the names the apps import (scanned from their sources at every
// build), so webpack leaves out what nobody uses.
function narrowEntry(name) {
  const names = importedNames(name);
  if (names === null) return wholeEntry(name);
  const list = names.join(', ');
  return [
    "import 'systemjs-webpack-interop/auto-public-path';",
    `import { ${list} } from '${name}';`,
    `export { ${list} };`,
    `export default { ${list} };`,
    '',
  ].join('\n');
}

// A wrapper per library: the named exports plus a `default` (CommonJS packages such as React have
// none of their own, and `import React from 'react'` must still work through SystemJS).
const entry = {};
for (const m of sharedModules) {
  if (m.entry) {
    entry[entryName(m)] = { import: path.join(__dirname, '..', m.entry) };
    continue;
  }
  const file = path.join(entriesDir, `${entryName(m)}.js`);
  const source = (m.narrow ? narrowEntry : wholeEntry)(m.name);
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  entry[entryName(m)] = { import: file };
}

/** Only the icons module gets its per-icon JSON files and the folder name they live in. */
function extraPlugins(m, webpack) {
  if (m.name !== '@blueprintjs/icons') return [];
  const iconsDir = path.dirname(require.resolve('@blueprintjs/icons/package.json', { paths: [__dirname] }));
  const outDir = `blueprint-icons@${version(m.pkg)}.${iconSetHash(iconsDir)}`;
  const firstPaint = firstPaintIconPaths({ root: path.join(__dirname, '..'), pathsDir: pathsDir(iconsDir, 16) });
  return [
    new IconPathsPlugin({ iconsDir, outDir }),
    new webpack.DefinePlugin({ ICON_PATHS_DIR: JSON.stringify(outDir), FIRST_PAINT_ICONS: JSON.stringify(firstPaint) }),
  ];
}

module.exports = (env, argv) =>
  sharedModules.map((m) => ({
    name: m.name,
    mode: argv.mode || 'production',
    context: __dirname,
    entry: { [entryName(m)]: entry[entryName(m)].import },
    output: {
      path: path.join(appsDir, 'shared-deps'),
      filename: '[name].[contenthash:8].js',
      chunkFilename: `${entryName(m)}-[name].[contenthash:8].js`,
      library: { type: 'system' },
      uniqueName: `shared-${entryName(m)}`,
      clean: false,
      environment: NO_EVAL_ENVIRONMENT,
    },
    externals: helioExternals([m.name]),
    externalsType: 'system',
    resolve: { extensions: ['.js', '.mjs'] },
    module: { rules: rules() },
    optimization: { minimizer: minimizers() },
    devtool: false,
    cache: {
      type: 'filesystem',
      name: `shared-${entryName(m)}`,
      buildDependencies: { config: [__filename, require.resolve('../tools/shared-modules')] },
    },
    performance: { hints: false },
    ignoreWarnings: [/export 'default' \(imported as 'ns'\) was not found/],
    plugins: [
      new EntryManifestPlugin({ filename: `manifest.${entryName(m)}.json` }),
      ...cssPlugins(true),
      ...extraPlugins(m, require('webpack')),
    ],
  }));
