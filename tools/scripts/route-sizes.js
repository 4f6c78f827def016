// Prints, per first route, the JavaScript the browser downloads: the System.register dependency
// closure of the route's modules plus the lazy chunks of the page it opens (from each app's
// manifest: the page's chunk and every split chunk it needs), raw and gzipped.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const KB = 1024;
/**
 * The first routes whose JavaScript the build prints and holds to a budget (gzip): the System
 * modules each opens and, per app, the lazy page chunks it loads (an app without pages named here
 * counts every chunk it has: an upper bound).
 */
const ROUTES = {
  'sign-in (/auth/sign-in)': {
    modules: ['@helio/root-config', '@helio/auth-app'],
    pages: { '@helio/auth-app': ['sign-in'] },
    budget: 250 * KB,
  },
  'dashboard (/)': {
    modules: ['@helio/root-config', '@helio/nav-app', '@helio/monitoring-app'],
    pages: { '@helio/monitoring-app': ['dashboard'] },
    budget: 250 * KB,
  },
  'flow (/flow)': {
    modules: ['@helio/root-config', '@helio/nav-app', '@helio/flow-app'],
    pages: { '@helio/flow-app': ['flow'] },
    budget: 330 * KB,
  },
  'plants (/management/plants)': {
    modules: ['@helio/root-config', '@helio/nav-app', '@helio/management-app'],
    pages: { '@helio/management-app': ['plants'] },
    budget: 270 * KB,
  },
  'users (/my-account/iam/users)': {
    modules: ['@helio/root-config', '@helio/nav-app', '@helio/account-app'],
    pages: { '@helio/account-app': ['iam-users'] },
    budget: 270 * KB,
  },
  'notifications (/notifications)': {
    modules: ['@helio/root-config', '@helio/nav-app', '@helio/notifications-app'],
    pages: { '@helio/notifications-app': ['notification-centre'] },
    budget: 270 * KB,
  },
};
/** Every other page (a lazy page chunk of an app) is held to this, behind the shell and the nav. */
const PAGE_BUDGET = 330 * KB;
const SHELL_APPS = ['@helio/root-config', '@helio/shared-utils', '@helio/nav-app', '@helio/auth-app'];

/** The named first routes, then one per page chunk of every app that no named route covers. */
function allRoutes(publicDir, importMap) {
  const routes = { ...ROUTES };
  const covered = new Set(
    Object.values(ROUTES).flatMap(({ pages }) => Object.entries(pages).flatMap(([app, names]) => names.map((n) => `${app} ${n}`))),
  );
  for (const app of Object.keys(importMap.imports).filter((n) => n.startsWith('@helio/') && !SHELL_APPS.includes(n))) {
    const dir = path.dirname(path.join(publicDir, importMap.imports[app]));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    for (const page of Object.keys(manifest.chunks ?? {})) {
      if (covered.has(`${app} ${page}`)) continue;
      routes[`${app.replace('@helio/', '')} page ${page}`] = {
        modules: ['@helio/root-config', '@helio/nav-app', app],
        pages: { [app]: [page] },
        budget: PAGE_BUDGET,
        brief: true,
      };
    }
  }
  return routes;
}

// import-map-overrides is left out: only a browser with an override or the devtools flag loads it.
const SCRIPTS = ['system.min'];

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

/** route -> { gzip, budget } of every first route. */
function routeTotals(publicDir) {
  const importMap = JSON.parse(fs.readFileSync(path.join(publicDir, 'import-map.json'), 'utf8'));
  return Object.fromEntries(
    Object.entries(allRoutes(publicDir, importMap)).map(([route, { modules, pages, budget }]) => {
      const sizes = measure(routeFiles(publicDir, importMap, modules, pages));
      return [route, { gzip: sizes.reduce((sum, s) => sum + s.gzip, 0), budget }];
    }),
  );
}

/** Prints every first route's JavaScript; answers the routes over their budget. */
function printRouteSizes({ publicDir }) {
  const importMap = JSON.parse(fs.readFileSync(path.join(publicDir, 'import-map.json'), 'utf8'));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const over = [];
  for (const [route, { modules, pages, budget, brief }] of Object.entries(allRoutes(publicDir, importMap))) {
    const sizes = measure(routeFiles(publicDir, importMap, modules, pages));
    const total = sizes.reduce((s, x) => ({ bytes: s.bytes + x.bytes, gzip: s.gzip + x.gzip }), { bytes: 0, gzip: 0 });
    console.log(
      `${brief ? '' : '\n'}JavaScript for ${route}: ${kb(total.bytes)} raw, ${kb(total.gzip)} gzip in ${sizes.length} files (budget ${kb(budget)})`,
    );
    for (const s of brief ? [] : sizes.slice(0, 6)) {
      console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${path.relative(publicDir, s.file)}`);
    }
    if (total.gzip > budget) over.push(`${route}: ${kb(total.gzip)} gzip, budget ${kb(budget)}`);
  }
  return over;
}

module.exports = { ROUTES, routeFiles, measure, routeTotals, printRouteSizes };
