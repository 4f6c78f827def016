// `npm run release -- <app> [--from <folder>] [--by <e-mail>]`: builds one app as a release (its
// bundles, its manifest, its translations, release.json) into dist/release-builds/, or takes an
// already built app folder (--from), and registers it with the server's registry, which copies it
// into the data directory's release store and refuses it when it imports a shared name the served
// shared modules lack. Nothing else is rebuilt and no other module's files change.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { writeReleaseFiles } from './assemble-public.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { collectAppManifests } = require('../app-manifests.js');

function usage(message) {
  console.error(`${message}\nUsage: npm run release -- <app> [--from <built app folder>] [--by <e-mail>]`);
  process.exit(1);
}

const args = process.argv.slice(2);
const app = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!app) usage('Name the app to release, e.g. ev-app');
const folder = app.replace(/^@helio\//, '');
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const sourceMap = JSON.parse(fs.readFileSync(path.join(root, 'import-map.json'), 'utf8'));
if (!(`@helio/${folder}` in sourceMap.imports) || !fs.existsSync(path.join(root, folder, 'src', 'manifest.ts'))) {
  usage(`${folder} is no app with a manifest in import-map.json`);
}
const serverCli = path.join(root, 'server', 'dist', 'releases', 'cli.js');
if (!fs.existsSync(serverCli)) usage('The server is not built: run npm run build first');

async function build() {
  const out = path.join(root, 'dist', 'release-builds', `${folder}-${Date.now().toString(36)}`);
  const webpack = require('webpack');
  const exported = require(path.join(root, folder, 'webpack.config.js'));
  const configs = [typeof exported === 'function' ? exported({}, { mode: 'production' }) : exported].flat();
  for (const config of configs) config.output = { ...config.output, path: out, clean: true };
  const started = Date.now();
  process.stdout.write(`release: building ${folder}…`);
  await new Promise((resolve, reject) =>
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const manifest = collectAppManifests({ root })[`@helio/${folder}`];
  writeReleaseFiles({ root, folder, dir: out, manifest });
  return out;
}

const from = option('from');
const dir = from ? path.resolve(from) : await build();
const by = option('by');
try {
  execFileSync(process.execPath, [serverCli, 'register', dir, ...(by ? ['--by', by] : [])], { stdio: 'inherit', cwd: root });
} catch {
  process.exit(1);
}
