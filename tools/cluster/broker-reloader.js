// `node broker-reloader.js <filesDir> <mosquitto pid file>`: the server rewrites Mosquitto's
// password_file and acl_file when a gateway's password changes and asks for a reload; this sends
// Mosquitto that SIGHUP whenever either file changes (checked every second), until it is stopped.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [filesDir, mosquittoPidFile] = process.argv.slice(2);
if (!filesDir || !mosquittoPidFile) {
  process.stderr.write('usage: broker-reloader.js <filesDir> <mosquitto pid file>\n');
  process.exit(2);
}
const stamp = () =>
  ['passwd', 'acl']
    .map((f) => {
      try {
        return fs.statSync(path.join(filesDir, f)).mtimeMs;
      } catch {
        return 0;
      }
    })
    .join(':');
let last = stamp();
setInterval(() => {
  const now = stamp();
  if (now === last) return;
  last = now;
  try {
    process.kill(Number(fs.readFileSync(mosquittoPidFile, 'utf8')), 'SIGHUP');
    process.stdout.write(`${new Date().toISOString()} broker files changed: Mosquitto reloaded\n`);
  } catch (error) {
    process.stdout.write(`${new Date().toISOString()} could not reload Mosquitto: ${error.message}\n`);
  }
}, 1000);
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
