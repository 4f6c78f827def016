// `npm run reliability:ocpp`: OCPP chargers on the scaled-out deployment as `npm run cluster` starts
// it (PostgreSQL, Mosquitto, 2 replicas, HAProxy), with charge points made by ocpp-rpc's own client in
// strict mode. It proves what jest's two in-process replicas cannot: that a charger connects through
// HAProxy (the WebSocket upgrade on /ocpp/… passes the load balancer) and that separate replica
// processes hand each other what belongs to the one holding a charger's socket:
//   1. a charger added through the load balancer connects and boots through it;
//   2. the same charge point connecting again to replica 1, then to replica 2, closes its older
//      connection each time (code 4000), the second time across processes;
//   3. a remote start asked of each replica reaches the charge point (one of them across processes),
//      each call accepted in the command history;
//   4. a card added on replica 1 reaches the charger held by replica 2 as its local list, and the
//      session the card starts there is one session for replica 1, with its energy.
// Ports 19080–19099, loopback only; everything it starts is stopped at the end, also on failure. Prints
// each step and exits non-zero when one fails.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { RPCClient } = require('ocpp-rpc');
const { startCluster, stopCluster } = require('../tools/cluster/cluster');
const dist = require('../bench/dist-paths');
const { post } = require('../bench/fleet-server');
const { Client } = require('pg');
const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));

const BASE_PORT = 19080;
const WAIT_MS = 30_000;
const log = (line) => process.stdout.write(`${line}\n`);

function chargePoint(endpoint, identity, password) {
  const options = { endpoint, identity, password, protocols: ['ocpp1.6'], strictMode: true, reconnect: false, callTimeoutMs: 20_000 };
  return new RPCClient(options);
}

/** Polls `probe` every 100 ms until it answers something truthy; fails naming `what` after WAIT_MS. */
async function until(probe, what) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function check(condition, what) {
  if (!condition) throw new Error(what);
  log(`  ✓ ${what}`);
}

async function main() {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-ocpp-cluster-'));
  const open = [];
  let cluster;
  try {
    log('Cluster: PostgreSQL (database helio_cluster_ocpp), Mosquitto, 2 replicas, HAProxy…');
    cluster = await startCluster({
      stateDir,
      basePort: BASE_PORT,
      replicas: 2,
      databaseName: 'helio_cluster_ocpp',
      fresh: true,
      simulator: false,
    });
    const ws = (httpUrl) => `${httpUrl.replace(/^http/, 'ws')}/ocpp`;
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const { idToken } = await post(cluster.url, 'auth/sign-in', { username: owner.email, password: owner.password });
    const pg = new Client({ connectionString: cluster.databaseUrl });
    await pg.connect();
    const {
      rows: [plant],
    } = await pg
      .query('SELECT p.id FROM plants p JOIN users u ON u.tenant_id = p.tenant_id WHERE u.email = $1 ORDER BY p.created_at, p.id LIMIT 1', [
        owner.email,
      ])
      .finally(() => pg.end());
    const chargePointId = `CLUSTER-${Date.now().toString(36)}`;
    const login = await post(cluster.url, 'ev/charger/add', { plantId: plant.id, chargePointId, name: 'Cluster check' }, idToken);

    log('1. Through the load balancer:');
    const first = chargePoint(ws(cluster.url), chargePointId, login.password);
    open.push(first);
    const firstClosed = new Promise((resolve) => first.once('close', ({ code }) => resolve(code)));
    await first.connect();
    const boot = await first.call('BootNotification', { chargePointVendor: 'Helio', chargePointModel: 'Cluster check' });
    check(boot.status === 'Accepted', 'the charger connected and booted through HAProxy');

    log('2. A second connection replaces the first, wherever each is:');
    const viaReplica = async (i) => {
      const cp = chargePoint(ws(cluster.replicaUrls[i]), chargePointId, login.password);
      open.push(cp);
      const lists = []; // the local lists it is sent
      cp.handle('GetLocalListVersion', async () => ({ listVersion: 0 }));
      cp.handle('SendLocalList', async ({ params }) => {
        lists.push(params);
        return { status: 'Accepted' };
      });
      const closed = new Promise((resolve) => cp.once('close', ({ code }) => resolve(code)));
      await cp.connect();
      await cp.call('BootNotification', { chargePointVendor: 'Helio', chargePointModel: 'Cluster check' });
      return { cp, closed, lists };
    };
    const one = await viaReplica(0);
    check((await firstClosed) === 4000, 'connecting to replica 1 closed the connection through HAProxy (4000)');
    const two = await viaReplica(1);
    check((await one.closed) === 4000, 'connecting to replica 2 closed the one on replica 1 (4000), across processes');

    log('3. Calls asked of either replica reach the socket on replica 2:');
    const asked = [];
    two.cp.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    for (const [i, idTag] of [
      [0, 'CARD-R1'],
      [1, 'CARD-R2'],
    ]) {
      const sent = await post(cluster.replicaUrls[i], 'ev/charger/remote-start', { chargerId: login.chargerId, idTag }, idToken);
      await until(
        async () => {
          const { commands } = await post(cluster.replicaUrls[1 - i], 'ev/charger/commands', { chargerId: login.chargerId }, idToken);
          return commands.find((c) => c.id === sent.id && c.state === 'accepted');
        },
        `the remote start asked of replica ${i + 1} accepted`,
      );
    }
    check(
      asked.map((a) => a.idTag).join() === 'CARD-R1,CARD-R2',
      'both remote starts reached the charge point and were accepted (replica 1’s over the cluster bus)',
    );

    log('4. A card added on replica 1 reaches the charger on replica 2; its session is listed by replica 1:');
    await post(cluster.replicaUrls[0], 'ev/id-tag/add', { plantId: plant.id, idTag: 'CARD-CLUSTER', name: 'Cluster' }, idToken);
    await until(() => two.lists.length > 0, 'the local list on the charger held by replica 2');
    check(
      two.lists.at(-1).localAuthorizationList.some((entry) => entry.idTag === 'CARD-CLUSTER'),
      'the card added on replica 1 reached the charger on replica 2 as its local list',
    );
    const started = await two.cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-CLUSTER',
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    });
    check(started.idTagInfo.status === 'Accepted', 'the card started a session');
    await two.cp.call('StopTransaction', { transactionId: started.transactionId, meterStop: 2500, timestamp: new Date().toISOString() });
    const sessions = await until(async () => {
      const answer = await post(cluster.replicaUrls[0], 'ev/charger/sessions', { chargerId: login.chargerId }, idToken);
      return answer.sessions.length > 0 && answer.sessions;
    }, 'the session listed by replica 1');
    check(sessions.length === 1 && Math.abs(sessions[0].energyKwh - 1.5) < 1e-9, 'one session of 1.5 kWh, listed by replica 1');
    log('\nOCPP on the cluster: every check passed.');
  } finally {
    for (const cp of open) await cp.close({ force: true }).catch(() => undefined);
    if (cluster) await stopCluster(stateDir);
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`OCPP on the cluster FAILED: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
