// Puts the built modules together: resolves import-map.json to the hashed files, copies SystemJS,
// import-map-overrides and the global CSS with content hashes, copies locales, writes index.html with
// the import map and the apps' manifests document inlined, and the hashes of its inline scripts for
// the Content-Security-Policy (csp-hashes.json, read by the server).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { collectAppManifests } = require('../app-manifests.js');
const { inlineScriptHashes, evalUses } = require('./inline-scripts.js');
const sharedModules = require('../shared-modules.js');
const { importedNames } = require('../shared-imports.js');
const { pwaIcons } = require('./pwa-icons.js');

/** The core libraries every first load needs: preloaded so they download in parallel. */
const PRELOAD = [
  '@helio/root-config',
  '@helio/shared-utils',
  'single-spa',
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'rxjs',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'i18next-http-backend',
  '@blueprintjs/core',
  '@blueprintjs/icons',
  'react-router-dom',
];

function readManifests(appsDir) {
  const files = new Map();
  const styles = [];
  for (const dir of fs.readdirSync(appsDir)) {
    for (const f of fs.readdirSync(path.join(appsDir, dir))) {
      if (!/^manifest.*\.json$/.test(f)) continue;
      const manifest = JSON.parse(fs.readFileSync(path.join(appsDir, dir, f), 'utf8'));
      for (const [name, file] of Object.entries(manifest.entries)) files.set(`${dir}/${name}`, `/apps/${dir}/${file}`);
      for (const css of Object.values(manifest.styles ?? {}).flat()) styles.push(`/apps/${dir}/${css}`);
    }
  }
  return { files, styles: styles.sort(byLayer) };
}

/** Shared libraries' styles first, then shared-utils', then the apps' (each app's own rules last). */
function byLayer(a, b) {
  const layer = (url) => (url.startsWith('/apps/shared-deps/') ? 0 : url.startsWith('/apps/shared-utils/') ? 1 : 2);
  return layer(a) - layer(b) || a.localeCompare(b);
}

/** `/apps/shared-deps/react.js` -> `/apps/shared-deps/react@19.2.0.1a2b3c4d.js` */
export function resolveImportMap(sourceMap, built) {
  const imports = {};
  for (const [name, url] of Object.entries(sourceMap.imports)) {
    const [, , dir, file] = url.split('/');
    const base = file.replace(/\.js$/, '');
    const key = [...built.keys()].find((k) => k === `${dir}/${base}` || k.startsWith(`${dir}/${base}@`));
    if (!key) throw new Error(`import-map.json: ${name} -> ${url} was not built`);
    imports[name] = built.get(key);
  }
  return { imports };
}

function copyHashed(source, targetDir, name) {
  const body = fs.readFileSync(source);
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 8);
  const ext = path.extname(name);
  const file = `${path.basename(name, ext)}.${hash}${ext}`;
  fs.mkdirSync(targetDir, { recursive: true });
  fs.writeFileSync(path.join(targetDir, file), body);
  return file;
}

function copyLocales(root, publicDir) {
  for (const ws of fs.readdirSync(root)) {
    const localesDir = path.join(root, ws, 'locales');
    if (ws === 'node_modules' || ws === 'dist' || !fs.existsSync(localesDir)) continue;
    for (const lng of fs.readdirSync(localesDir)) {
      for (const f of fs.readdirSync(path.join(localesDir, lng))) {
        const text = fs.readFileSync(path.join(localesDir, lng, f), 'utf8');
        JSON.parse(text); // a broken translation file fails the build, not the browser
        fs.mkdirSync(path.join(publicDir, 'locales', lng), { recursive: true });
        fs.writeFileSync(path.join(publicDir, 'locales', lng, f), text);
      }
    }
  }
}

/** JSON that may sit inside a <script> element: no `</script>` can end it early. */
const inlineJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Makes one app's build folder a release (server/src/releases/release-files.ts): its manifest,
 * content-hashed like its bundles, its own translations (locales/<lng>/<folder>.json) and release.json
 * naming the module and the app's version. `npm run release` writes the same into its own build.
 */
export function writeReleaseFiles({ root, folder, dir, manifest }) {
  const body = JSON.stringify(manifest, null, 2);
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 8);
  fs.writeFileSync(path.join(dir, `app-manifest.${hash}.json`), body);
  const localesDir = path.join(root, folder, 'locales');
  for (const lng of fs.existsSync(localesDir) ? fs.readdirSync(localesDir) : []) {
    const file = path.join(localesDir, lng, `${folder}.json`);
    if (!fs.existsSync(file)) continue;
    fs.mkdirSync(path.join(dir, 'locales', lng), { recursive: true });
    fs.writeFileSync(path.join(dir, 'locales', lng, `${folder}.json`), fs.readFileSync(file));
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ module: `@helio/${folder}`, version }, null, 2));
  return `app-manifest.${hash}.json`;
}

/**
 * Each built app's manifest beside its bundle, so a release of one app carries its own manifest;
 * index.html inlines the whole document (planned modules included).
 */
function writeAppManifests(root, sourceMap, appsDir) {
  const manifests = collectAppManifests({ root, importMap: sourceMap });
  const files = {};
  for (const [name, manifest] of Object.entries(manifests)) {
    const folder = name.replace('@helio/', '');
    if (!fs.existsSync(path.join(appsDir, folder))) continue;
    files[name] = `/apps/${folder}/${writeReleaseFiles({ root, folder, dir: path.join(appsDir, folder), manifest })}`;
  }
  return { manifests, files };
}

/**
 * The names each served shared module exports (null: the whole library), so a release built later
 * can be refused when it imports one the served module lacks (the narrowed modules are tree-shaken).
 */
export function sharedExports() {
  return Object.fromEntries(sharedModules.filter((m) => !m.entry).map((m) => [m.name, m.narrow ? importedNames(m.name) : null]));
}

/**
 * What makes the console installable (docs/pwa.md): the web app manifest, its icons, the offline
 * page's stylesheet and the service worker at the root (its scope is the whole console), marked with
 * this build so browsers take a new build's worker.
 */
function writeInstallable(root, publicDir, html) {
  const source = path.join(root, 'root-config', 'public');
  for (const file of fs.readdirSync(source)) {
    const text = fs.readFileSync(path.join(source, file), 'utf8');
    const build = crypto.createHash('sha256').update(html).digest('hex').slice(0, 8);
    fs.writeFileSync(path.join(publicDir, file), file === 'sw.js' ? text.replace('%BUILD%', build) : text);
  }
  fs.mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const [file, png] of Object.entries(pwaIcons())) fs.writeFileSync(path.join(publicDir, 'icons', file), png);
}

export function assemblePublic({ root, publicDir }) {
  const appsDir = path.join(publicDir, 'apps');
  const sourceMap = JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8'));
  const built = readManifests(appsDir);
  const importMap = resolveImportMap(sourceMap, built.files);
  const appManifests = writeAppManifests(root, sourceMap, appsDir);
  const staticDir = path.join(appsDir, 'root-config', 'static');
  const url = (file) => `/apps/root-config/static/${file}`;
  // Some packages do not export their package.json, so find their folder the way node does.
  const moduleDir = (pkg) => {
    const dirs = [path.join(root, 'root-config', 'node_modules', pkg), path.join(root, 'node_modules', pkg)];
    const found = dirs.find((d) => fs.existsSync(path.join(d, 'package.json')));
    if (!found) throw new Error(`${pkg} is not installed: run npm ci`);
    return found;
  };
  const assets = {
    SYSTEMJS: url(copyHashed(path.join(moduleDir('systemjs'), 'dist', 'system.min.js'), staticDir, 'system.min.js')),
    OVERRIDES_JS: url(
      copyHashed(
        path.join(moduleDir('import-map-overrides'), 'dist', 'import-map-overrides-api.js'),
        staticDir,
        'import-map-overrides-api.js',
      ),
    ),
    NORMALIZE_CSS: url(copyHashed(path.join(moduleDir('normalize.css'), 'normalize.css'), staticDir, 'normalize.css')),
    BLUEPRINT_CSS: url(copyHashed(path.join(moduleDir('@blueprintjs/core'), 'lib', 'css', 'blueprint.css'), staticDir, 'blueprint.css')),
    SHELL_CSS: url(copyHashed(path.join(root, 'root-config', 'src', 'shell.css'), staticDir, 'shell.css')),
  };
  const preloads = PRELOAD.map((name) => `  <link rel="preload" as="script" href="${importMap.imports[name]}" />`);
  // Each app's extracted entry stylesheet; its lazy pages' stylesheets come with their chunks.
  const appStyles = built.styles.map((href) => `  <link rel="stylesheet" href="${href}" />`);
  let html = fs
    .readFileSync(path.join(root, 'root-config', 'index.html'), 'utf8')
    .replace('%APP_STYLES%', appStyles.join('\n'))
    .replace('%PRELOADS%', preloads.join('\n'))
    .replace('%IMPORT_MAP%', JSON.stringify(importMap))
    .replace('%APP_MANIFESTS%', inlineJson(appManifests.manifests));
  for (const [key, value] of Object.entries(assets)) html = html.replace(`%${key}%`, value);
  fs.writeFileSync(path.join(publicDir, 'index.html'), html);
  const scriptSrc = inlineScriptHashes(html);
  fs.writeFileSync(path.join(publicDir, 'csp-hashes.json'), JSON.stringify({ scriptSrc }, null, 2));
  // The policy has no 'unsafe-eval': a bundle that needs eval would fail in the browser, so fail here.
  const withEval = evalUses(appsDir);
  if (withEval.length > 0) throw new Error(`eval or the Function constructor in built bundles: ${withEval.join(', ')}`);
  fs.writeFileSync(path.join(publicDir, 'import-map.json'), JSON.stringify(importMap, null, 2));
  fs.writeFileSync(path.join(publicDir, 'shared-exports.json'), JSON.stringify(sharedExports(), null, 2));
  copyLocales(root, publicDir);
  writeInstallable(root, publicDir, html);
  return { importMap, assets, scriptSrc, appManifests };
}
