// Prints, per first route, the JavaScript the browser downloads: the System.register dependency
// closure of the route's modules plus the lazy chunks of the page it opens (from each app's
// manifest: the page's chunk and every split chunk it needs), raw and gzipped.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROUTES = {
  'sign-in (/auth/sign-in)': ['@helio/root-config', '@helio/auth-app'],
  'dashboard (/)': ['@helio/root-config', '@helio/nav-app', '@helio/monitoring-app'],
};
/** The pages (named lazy chunks) a route opens in each app; an app not named here loads all of its own. */
const ROUTE_PAGES = {
  'sign-in (/auth/sign-in)': { '@helio/auth-app': ['sign-in'] },
  'dashboard (/)': { '@helio/monitoring-app': ['dashboard'] },
};
const SCRIPTS = ['system.min', 'import-map-overrides-api'];

function depsOf(source) {
  const match = /System\.register\((\[[^\]]*\])/.exec(source);
  return match ? JSON.parse(match[1]) : [];
}

function routeFiles(publicDir, importMap, moduleNames, pages = {}) {
  const files = new Set();
  const visit = (name) => {
    const url = importMap.imports[name];
    if (!url) throw new Error(`not in the import map: ${name}`);
    const file = path.join(publicDir, url);
    if (files.has(file)) return;
    files.add(file);
    depsOf(fs.readFileSync(file, 'utf8')).forEach(visit);
  };
  moduleNames.forEach(visit);
  for (const name of moduleNames) {
    const dir = path.dirname(path.join(publicDir, importMap.imports[name]));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    if (pages[name]) {
      for (const page of pages[name]) {
        const chunk = manifest.chunks?.[page];
        if (!chunk) throw new Error(`${name} has no page chunk named ${page}`);
        for (const f of chunk) files.add(path.join(dir, f));
      }
    } else {
      // without a named page, count every lazy chunk of the app (an upper bound)
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.js')) files.add(path.join(dir, f));
    }
  }
  const staticDir = path.join(publicDir, 'apps', 'root-config', 'static');
  for (const f of fs.readdirSync(staticDir)) {
    if (SCRIPTS.some((s) => f.startsWith(`${s}.`)) && f.endsWith('.js')) files.add(path.join(staticDir, f));
  }
  return [...files];
}

function measure(files) {
  return files
    .map((file) => {
      const body = fs.readFileSync(file);
      return { file, bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** The signed-in dashboard's first load must stay under this (gzipped JavaScript). */
const DASHBOARD_BUDGET_BYTES = 350 * 1024;

function routeTotals(publicDir) {
  const importMap = JSON.parse(fs.readFileSync(path.join(publicDir, 'import-map.json'), 'utf8'));
  return Object.fromEntries(
    Object.entries(ROUTES).map(([route, modules]) => {
      const sizes = measure(routeFiles(publicDir, importMap, modules, ROUTE_PAGES[route]));
      return [route, sizes.reduce((sum, s) => sum + s.gzip, 0)];
    }),
  );
}

function printRouteSizes({ publicDir }) {
  const importMap = JSON.parse(fs.readFileSync(path.join(publicDir, 'import-map.json'), 'utf8'));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [route, modules] of Object.entries(ROUTES)) {
    const sizes = measure(routeFiles(publicDir, importMap, modules, ROUTE_PAGES[route]));
    const total = sizes.reduce((s, x) => ({ bytes: s.bytes + x.bytes, gzip: s.gzip + x.gzip }), { bytes: 0, gzip: 0 });
    console.log(`\nJavaScript for ${route}: ${kb(total.bytes)} raw, ${kb(total.gzip)} gzip in ${sizes.length} files`);
    for (const s of sizes.slice(0, 6)) {
      console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${path.relative(publicDir, s.file)}`);
    }
  }
}

module.exports = { DASHBOARD_BUDGET_BYTES, routeFiles, measure, routeTotals, printRouteSizes };
