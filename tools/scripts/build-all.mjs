// `npm run build`: typechecks, builds every browser module into dist/public (System.register, hashed),
// assembles index.html with the import map inlined, copies the locales, builds the server, and
// prints what the first routes download.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { assemblePublic } from './assemble-public.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { publicDir } = require('../paths.js');
const { printRouteSizes } = require('./route-sizes.js');
// Every browser module the import map names as @helio/<folder>: a new app is its folder and its line there.
const importMapNames = Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8')).imports);
const BROWSER_WORKSPACES = importMapNames.filter((n) => n.startsWith('@helio/')).map((n) => n.replace('@helio/', ''));

function step(label, fn) {
  const started = Date.now();
  process.stdout.write(`build: ${label}…`);
  const result = fn();
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result;
}

/**
 * `npm test` type-checks every project in a step of its own beside the build (HELIO_BUILD_TYPECHECKED),
 * so there the build only emits: `tsc --noCheck` writes the same files without checking them again,
 * and the build, which the journeys and jest wait for, ends sooner.
 */
const typecheckedElsewhere = process.env.HELIO_BUILD_TYPECHECKED === '1';
const tsc = (project) =>
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project, ...(typecheckedElsewhere ? ['--noCheck'] : [])], {
    cwd: root,
    stdio: 'inherit',
  });

function runWebpack(configs) {
  const webpack = require('webpack');
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
        return reject(new Error('webpack build failed'));
      }
      resolve(stats);
    });
  });
}

const argv = { mode: 'production' };
const configOf = (ws) => {
  const exported = require(path.join(root, ws, 'webpack.config.js'));
  const config = typeof exported === 'function' ? exported({}, argv) : exported;
  return Array.isArray(config) ? config : [config];
};

step('contracts', () => tsc('contracts/tsconfig.build.json'));
// Browser sources without Node types; the tests and the jest mock (tsconfig.json) run under jest's Node.
if (!typecheckedElsewhere) step('typecheck browser apps', () => tsc('tsconfig.browser.json'));
step('device-simulator', () => tsc('device-simulator/tsconfig.build.json'));
step('gateway', () => tsc('gateway/tsconfig.build.json'));
step('server', () => tsc('server/tsconfig.build.json'));
fs.rmSync(publicDir, { recursive: true, force: true });
const started = Date.now();
process.stdout.write('build: webpack (shared-deps + apps)…');
await runWebpack([...configOf('shared-deps'), ...BROWSER_WORKSPACES.flatMap(configOf)]);
process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
step('index.html, import map, locales', () => assemblePublic({ root, publicDir }));
const overBudget = printRouteSizes({ publicDir });
if (overBudget.length > 0) {
  console.error(`\nbuild: first-load JavaScript over budget (tools/scripts/route-sizes.js):\n  ${overBudget.join('\n  ')}`);
  process.exit(1);
}
