// The icons of a signed-in page's first paint, put into the shared icons module itself so they are
// drawn with the page instead of each costing a request of its own after the page has rendered (the
// rail asked for ten files one by one right after sign-in). The rail's icons come from
// the apps' manifests; the shell's own (nav chrome, the dashboard's buttons) are listed here. Every
// other icon still loads on first use (icon-paths-plugin.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { collectAppManifests } = require('../tools/app-manifests');

/** Drawn on every signed-in page by the nav, or on the dashboard, the page most sign-ins land on. */
const SHELL_ICONS = [
  'double-chevron-left',
  'double-chevron-right',
  'menu',
  'menu-closed',
  'office',
  'person',
  'notifications',
  'dot',
  'download',
];

function manifestIcons(root) {
  const icons = [];
  for (const manifest of Object.values(collectAppManifests({ root }))) {
    // the rail's entries; a group's panel items are drawn once the group is opened
    for (const entry of manifest.menu?.entries ?? []) icons.push(entry.icon.active, entry.icon.inactive);
  }
  return icons;
}

/** name -> 16 px paths of every first-paint icon, read from the icon package's generated modules. */
function firstPaintIconPaths({ root, pathsDir }) {
  const names = [...new Set([...SHELL_ICONS, ...manifestIcons(root)])].sort();
  const paths = {};
  for (const name of names) {
    const file = path.join(pathsDir, `${name}.js`);
    if (!fs.existsSync(file)) throw new Error(`first-paint icon ${name}: no such Blueprint icon`);
    const match = /(?:export default|const p =) (\[[\s\S]*?\]);/.exec(fs.readFileSync(file, 'utf8'));
    if (!match) throw new Error(`unexpected icon module ${file}`);
    paths[name] = JSON.parse(match[1]);
  }
  return paths;
}

module.exports = { firstPaintIconPaths, SHELL_ICONS };
