// `npm run test:reliability` (part of `npm test`): the reliability suite's short form (100 gateways,
// 20 live streams, 60 s, one kill -9 of a replica and one Mosquitto restart) where its servers
// exist; otherwise it says plainly what is missing and that it was skipped.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.join(__dirname, '..');

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function missing() {
  const lacks = [];
  if (!(await listening(5432))) lacks.push('PostgreSQL on 127.0.0.1:5432');
  if (!fs.existsSync(process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto')) lacks.push('mosquitto (apt-get install -y mosquitto)');
  const root0 = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!fs.existsSync(process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy') && !root0) lacks.push('haproxy (sudo apt-get install -y haproxy)');
  for (const built of ['server/dist/main.js', 'device-simulator/dist/cli.js']) {
    if (!fs.existsSync(path.join(root, built))) lacks.push(`${built} (npm run build)`);
  }
  return lacks;
}

missing().then((lacks) => {
  if (lacks.length > 0) {
    process.stdout.write(`reliability (short): SKIPPED, this machine lacks ${lacks.join(', ')}\n`);
    return;
  }
  const run = spawnSync(process.execPath, [path.join(__dirname, 'run.js'), '--short'], { stdio: 'inherit', timeout: 600_000 });
  process.exitCode = run.status ?? 1;
});
