// The manifests document: every app's `src/manifest.ts` (the apps the import map names), plus the
// planned modules' manifests (root-config/src/planned-apps.ts) until their apps exist. The build
// inlines it into index.html beside the import map; jest reads the same document.
// A manifest file imports types only, so it is read here by transpiling it alone: no bundle, no app code.
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const repoRoot = path.resolve(__dirname, '..');
const PLANNED_APPS = path.join('root-config', 'src', 'planned-apps.ts');

/** The exports of a TypeScript file that imports nothing at run time. */
function loadTypeOnlyModule(file) {
  const source = fs.readFileSync(file, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  if (/\brequire\(/.test(outputText)) throw new Error(`${file} must import types only (import type …): the build reads it alone`);
  const module = { exports: {} };
  new Function('exports', 'module', outputText)(module.exports, module);
  return module.exports;
}

/** `@helio/<folder>` names of the import map whose folder has a manifest: import-map name -> file. */
function manifestFiles(root, importMap) {
  const files = {};
  for (const name of Object.keys(importMap.imports)) {
    const match = /^@helio\/([\w-]+)$/.exec(name);
    const file = match && path.join(root, match[1], 'src', 'manifest.ts');
    if (file && fs.existsSync(file)) files[name] = file;
  }
  return files;
}

function readImportMap(root) {
  return JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8'));
}

/**
 * Every app's manifest by import-map name, built apps first; a planned module appears only while no
 * app of that name has a manifest of its own.
 */
function collectAppManifests({ root = repoRoot, importMap = readImportMap(root), extra = {} } = {}) {
  const manifests = {};
  for (const [name, file] of Object.entries(manifestFiles(root, importMap))) manifests[name] = loadTypeOnlyModule(file).manifest;
  Object.assign(manifests, extra);
  const planned = fs.existsSync(path.join(root, PLANNED_APPS)) ? loadTypeOnlyModule(path.join(root, PLANNED_APPS)).plannedApps : {};
  for (const [name, manifest] of Object.entries(planned)) if (!(name in manifests)) manifests[name] = manifest;
  const problems = checkAppManifests(manifests);
  if (problems.length > 0) throw new Error(`App manifests:\n  ${problems.join('\n  ')}`);
  return manifests;
}

/** shared-utils' common namespace per language: menu labels are keys into it (one name per page). */
function readPageNames(root = repoRoot) {
  const dir = path.join(root, 'shared-utils', 'locales');
  return Object.fromEntries(
    fs.readdirSync(dir).map((lng) => [lng, JSON.parse(fs.readFileSync(path.join(dir, lng, 'common.json'), 'utf8'))]),
  );
}

function textAt(tree, key) {
  return typeof key === 'string'
    ? key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree)
    : undefined;
}

/** What would confuse the shell or the nav, as readable lines (empty: the manifests agree). */
function checkAppManifests(manifests, pageNames = readPageNames()) {
  const problems = [];
  const owner = new Map();
  const entryKeys = new Map();
  const auth = Object.keys(manifests).filter((name) => manifests[name].layout === 'auth');
  if (auth.length !== 1) problems.push(`exactly one app must have the auth layout, found ${auth.length}`);
  for (const [name, manifest] of Object.entries(manifests)) {
    for (const [page, route] of Object.entries(manifest.routes ?? {})) {
      if (!Array.isArray(route.paths) || route.paths.length === 0) problems.push(`${name}: page ${page} has no paths`);
      for (const p of route.paths ?? []) {
        if (p !== '*' && !p.startsWith('/')) problems.push(`${name}: path ${p} must start with /`);
        if (owner.has(p) && owner.get(p) !== name) problems.push(`${p} is claimed by ${owner.get(p)} and ${name}`);
        owner.set(p, name);
      }
    }
    for (const entry of manifest.menu?.entries ?? []) {
      if (entryKeys.has(entry.key)) problems.push(`menu entry "${entry.key}" is declared by ${entryKeys.get(entry.key)} and ${name}`);
      entryKeys.set(entry.key, name);
    }
    const labelled = [...(manifest.menu?.entries ?? []), ...(manifest.menu?.items ?? [])];
    for (const { href, label } of labelled) {
      const missing = Object.entries(pageNames).filter(([, names]) => typeof textAt(names, label) !== 'string');
      if (missing.length > 0)
        problems.push(
          `${name}: the menu label of ${href} must be a key of shared-utils' common.json in ${missing.map(([l]) => l).join(', ')}`,
        );
    }
  }
  const allItems = Object.values(manifests).flatMap((manifest) => manifest.menu?.items ?? []);
  for (const [name, manifest] of Object.entries(manifests)) {
    for (const item of manifest.menu?.items ?? []) {
      if (!entryKeys.has(item.group)) problems.push(`${name}: menu item ${item.href} names group "${item.group}", which no app declares`);
      const parent =
        item.parentHref && allItems.find((i) => i.group === item.group && i.href === item.parentHref && !i.hidden && !i.groupHeader);
      if (item.parentHref && !parent)
        problems.push(`${name}: menu item ${item.href} lights ${item.parentHref}, no visible item of its group`);
    }
  }
  return problems;
}

module.exports = { collectAppManifests, checkAppManifests, readPageNames, textAt, loadTypeOnlyModule, manifestFiles, PLANNED_APPS };
