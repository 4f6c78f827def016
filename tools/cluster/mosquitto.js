// The cluster's own Mosquitto: its config, password_file and acl_file in the state dir (the files
// written by the server's writeMosquittoFiles, as `npm run mosquitto-files -w server` does), on a
// port of ours. The machine's Mosquitto on 1883 is never touched.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { startProcess, stopByPidFile, waitForPort, pidFile, isAlive, portIsFree } = require('./processes');

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';

function mosquittoConfig({ dir, filesDir, port, metricsPort }) {
  return [
    '# Written by tools/cluster for this cluster only; rewritten on every start.',
    'per_listener_settings true',
    // Run as root, Mosquitto would switch to its own user, who cannot read the owner-only files the
    // server (root here) rewrites; on a loopback cluster it keeps the caller's user instead.
    ...(typeof process.getuid === 'function' && process.getuid() === 0 ? ['user root'] : []),
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${path.join(filesDir, 'passwd')}`,
    `acl_file ${path.join(filesDir, 'acl')}`,
    // The benches' and the reliability suite's window on the broker's own counters ($SYS), loopback only.
    ...(metricsPort ? [`listener ${metricsPort} 127.0.0.1`, 'allow_anonymous true', 'sys_interval 1'] : []),
    // QoS 1 reports queued for a subscriber that is away (a replica restarting) survive a broker restart.
    'persistence true',
    `persistence_location ${dir}/`,
    'autosave_interval 10',
    // The defaults (1,000 queued, 20 in flight a client) drop reports of 10,000 gateways queued for
    // the server's subscription during a burst; the replicas take them as fast as they store them.
    'max_queued_messages 1000000',
    'max_inflight_messages 1000',
    'connection_messages false',
    `log_dest file ${path.join(dir, 'mosquitto.log')}`,
    'log_type error',
    'log_type warning',
    '',
  ].join('\n');
}

/**
 * `filesDir` holds the password_file and acl_file (the replicas' $DATA_DIR/mosquitto, which they
 * rewrite); `metricsPort`, when given, is an anonymous loopback listener for reading $SYS counters.
 */
function mosquitto({ stateDir, port, filesDir, metricsPort }) {
  const dir = path.join(stateDir, 'mosquitto');
  const conf = path.join(dir, 'mosquitto.conf');
  let proc;
  const broker = {
    url: `mqtt://127.0.0.1:${port}`,
    filesDir,
    metricsUrl: metricsPort ? `mqtt://127.0.0.1:${metricsPort}` : undefined,
    async start({ detached = false } = {}) {
      if (!fs.existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} not found: apt-get install -y mosquitto`);
      if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: the cluster's Mosquitto cannot listen there`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(conf, mosquittoConfig({ dir, filesDir, port, metricsPort }));
      proc = startProcess({ stateDir, name: 'mosquitto', command: MOSQUITTO, args: ['-c', conf], detached });
      await waitForPort(port, 10_000, 'Mosquitto');
      return proc;
    },
    /** Re-reads password_file and acl_file (after the server rewrote them). */
    reload() {
      const pid = broker.pid();
      if (pid && isAlive(pid)) process.kill(pid, 'SIGHUP');
    },
    pid() {
      const file = pidFile(stateDir, 'mosquitto');
      return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : undefined;
    },
    async stop() {
      await stopByPidFile(stateDir, 'mosquitto');
    },
    async restart() {
      await broker.stop();
      return broker.start();
    },
  };
  return broker;
}

module.exports = { mosquitto };
