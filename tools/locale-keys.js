// Compares the Czech and English translation files of every workspace (`*/locales/{cs,en}/*.json`):
// a key in one language must be in the other. Used by tools/locales.test.js.
const fs = require('fs');
const path = require('path');

const LANGUAGES = ['cs', 'en'];
/** i18next plural suffixes: Czech needs one/few/many/other where English has one/other. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf key of a translation tree, as a dotted path, with its text. */
function leaves(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

const baseKey = (key) => key.replace(PLURAL, '');
const variables = (text) => [...new Set(String(text).match(/\{\{\s*[\w.]+/g) ?? [])].map((v) => v.replace(/[{\s]/g, '')).sort();

/** The differences between two languages of one namespace, as readable lines (empty: they agree). */
function compareNamespace(trees) {
  const problems = [];
  const byLanguage = Object.fromEntries(LANGUAGES.map((lng) => [lng, new Map(leaves(trees[lng]))]));
  const bases = Object.fromEntries(LANGUAGES.map((lng) => [lng, new Set([...byLanguage[lng].keys()].map(baseKey))]));
  for (const lng of LANGUAGES) {
    const other = LANGUAGES.find((l) => l !== lng);
    for (const key of bases[lng]) if (!bases[other].has(key)) problems.push(`"${key}" is in ${lng} but not in ${other}`);
    for (const [key, text] of byLanguage[lng]) {
      if (typeof text !== 'string' || text.trim() === '') problems.push(`"${key}" in ${lng} is empty or not text`);
      if (/_(one|few|many)$/.test(key) && !byLanguage[lng].has(key.replace(PLURAL, '_other'))) {
        problems.push(`"${key}" in ${lng} has no _other form`);
      }
    }
  }
  // The same placeholders in both languages: a dropped {{count}} shows a wrong sentence, not an error.
  const placeholders = (lng) => {
    const found = new Map();
    for (const [key, text] of byLanguage[lng])
      found.set(baseKey(key), [...new Set([...(found.get(baseKey(key)) ?? []), ...variables(text)])].sort());
    return found;
  };
  const [cs, en] = LANGUAGES.map(placeholders);
  for (const [key, vars] of cs) {
    if (en.has(key) && vars.join() !== en.get(key).join()) problems.push(`"${key}" uses {{${vars}}} in cs but {{${en.get(key)}}} in en`);
  }
  return problems;
}

/** Every workspace namespace: { workspace, namespace, files: { cs, en } } (a missing file is null). */
function localeFiles(root) {
  const found = [];
  for (const workspace of fs.readdirSync(root).sort()) {
    const dir = path.join(root, workspace, 'locales');
    if (workspace === 'node_modules' || workspace === 'dist' || !fs.existsSync(dir)) continue;
    const names = new Set(LANGUAGES.flatMap((lng) => (fs.existsSync(path.join(dir, lng)) ? fs.readdirSync(path.join(dir, lng)) : [])));
    for (const name of [...names].filter((n) => n.endsWith('.json')).sort()) {
      const files = Object.fromEntries(
        LANGUAGES.map((lng) => [lng, fs.existsSync(path.join(dir, lng, name)) ? path.join(dir, lng, name) : null]),
      );
      found.push({ workspace, namespace: path.basename(name, '.json'), files });
    }
  }
  return found;
}

module.exports = { LANGUAGES, compareNamespace, localeFiles, leaves };
