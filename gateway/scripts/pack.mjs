// `npm run gateway:pack`: builds the gateway and @helio/contracts and writes helio-gateway-<version>.tgz
// (to the folder given, else the current one) with the contract bundled inside, so the one file
// installs on a plant's box with `npm install -g helio-gateway-<version>.tgz`, no checkout needed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const destination = path.resolve(process.argv[2] ?? '.');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
execFileSync(npm, ['run', 'build', '--silent', '-w', 'contracts', '-w', 'gateway'], { cwd: root, stdio: 'inherit' });

const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-gateway-pack-'));
const copy = (from, to) => fs.cpSync(path.join(root, from), path.join(stage, to), { recursive: true });
const gateway = JSON.parse(fs.readFileSync(path.join(root, 'gateway', 'package.json'), 'utf8'));
for (const entry of ['dist', 'sunspec-models', 'helio-gateway.service', 'gateway.example.json']) copy(`gateway/${entry}`, entry);
for (const file of fs.readdirSync(path.join(stage, 'dist'), { recursive: true })) {
  if (/\.test\.|^testing/.test(String(file))) fs.rmSync(path.join(stage, 'dist', String(file)), { recursive: true, force: true });
}
// The contract travels inside the package (bundled); its one dependency (TypeBox) is the gateway's own,
// found from the bundled copy by Node's lookup (a bundled package's own dependencies would be left empty).
const contracts = JSON.parse(fs.readFileSync(path.join(root, 'contracts', 'package.json'), 'utf8'));
copy('contracts/dist', 'node_modules/@helio/contracts/dist');
fs.writeFileSync(
  path.join(stage, 'node_modules/@helio/contracts/package.json'),
  JSON.stringify({ ...contracts, scripts: undefined, dependencies: undefined }, null, 2),
);
fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ ...gateway, scripts: undefined, name: 'helio-gateway' }, null, 2));
fs.chmodSync(path.join(stage, 'dist', 'cli.js'), 0o755);
const [tarball] = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', destination], { cwd: stage, encoding: 'utf8' }));
fs.rmSync(stage, { recursive: true, force: true });
console.log(path.join(destination, tarball.filename));
