// The load balancer: Debian's HAProxy in front of the replicas, round robin, each replica checked on
// GET /api/health (out after 3 failed checks a second apart, each given 5 s: a replica busy
// storing a burst of reports is slow, not gone; back after 2 good ones). A request whose
// replica refused or dropped the connection is sent once more to another one. Live streams (SSE) are
// long responses with a ping every 25 s, so the server-side timeout is well above that.
'use strict';
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startProcess, stopByPidFile, waitForPort, portIsFree } = require('./processes');

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Installs Debian's haproxy when missing and we are root; otherwise stops with the one command. */
function ensureHaproxy() {
  if (fs.existsSync(HAPROXY)) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    process.stdout.write(`HAProxy not found at ${HAPROXY}: installing Debian's haproxy package…\n`);
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', { stdio: 'inherit' });
    return;
  }
  throw new Error(`HAProxy not found at ${HAPROXY}. Install it with:\n\n  sudo apt-get install -y haproxy\n`);
}

function haproxyConfig({ port, statsPort, replicaPorts }) {
  return [
    '# Written by tools/cluster for this cluster only; rewritten on every start.',
    'global',
    '  maxconn 8000',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  retry-on conn-failure empty-response',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-keep-alive 30s',
    '  timeout queue 10s',
    '  timeout check 5s',
    'frontend helio',
    `  bind 127.0.0.1:${port}`,
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 3 rise 2 maxconn 500',
    ...replicaPorts.map((p, i) => `  server replica-${i + 1} 127.0.0.1:${p} check`),
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '',
  ].join('\n');
}

function haproxy({ stateDir, port, statsPort, replicaPorts }) {
  const dir = path.join(stateDir, 'haproxy');
  const conf = path.join(dir, 'haproxy.cfg');
  return {
    url: `http://127.0.0.1:${port}`,
    statsUrl: `http://127.0.0.1:${statsPort}/`,
    async start({ detached = false } = {}) {
      ensureHaproxy();
      for (const p of [port, statsPort]) {
        if (!(await portIsFree(p))) throw new Error(`port ${p} is taken: HAProxy cannot listen there`);
      }
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(conf, haproxyConfig({ port, statsPort, replicaPorts }));
      execSync(`${HAPROXY} -c -q -f ${conf}`);
      // -db: stays in the foreground, so the pid we record is HAProxy's own.
      const proc = startProcess({ stateDir, name: 'haproxy', command: HAPROXY, args: ['-db', '-f', conf], detached });
      await waitForPort(port, 10_000, 'HAProxy');
      return proc;
    },
    async stop() {
      await stopByPidFile(stateDir, 'haproxy');
    },
  };
}

module.exports = { haproxy, ensureHaproxy };
