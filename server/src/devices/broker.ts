// The embedded MQTT broker (aedes) for single-process installs. aedes is an ES module; it runs on a
// worker thread that imports it natively, which also keeps device traffic off the API's event loop.
// Logins are checked on the main thread (database, scrypt); the answer is a grant of topics that the
// worker then enforces on every publish and subscribe without a round trip.
import { Worker } from 'node:worker_threads';
import type { BrokerGrant } from './broker-acl';

export interface EmbeddedBroker {
  url: string;
  port: number;
  /** Disconnects every client logged in as `username` (its password was rotated). */
  revoke(username: string): void;
  close(): Promise<void>;
}

export interface BrokerLogin {
  clientId: string;
  username?: string;
  password?: string;
}

/** Decides a login: the grant of topics it gets, or undefined to refuse it (CONNACK 4). */
export type BrokerAuthenticate = (login: BrokerLogin) => Promise<BrokerGrant | undefined>;

export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Bind address; loopback by default so only this machine's gateways and server reach it. */
  host?: string;
  authenticate: BrokerAuthenticate;
}

type WorkerMessage =
  | { type: 'listening'; port: number }
  | { type: 'error'; message: string }
  | { type: 'closed' }
  | { type: 'authenticate'; id: number; login: BrokerLogin };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { pathToFileURL } = require('node:url');
(async () => {
  const { Aedes } = await import(pathToFileURL(workerData.aedesPath).href);
  const pending = new Map();
  let nextId = 1;
  const grants = new WeakMap();
  const clients = new Set();
  const refused = (code) => Object.assign(new Error('not authorized'), { returnCode: code });
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const id = nextId++;
      pending.set(id, (grant) => {
        if (!grant) return done(refused(4), false);
        grants.set(client, { ...grant, username });
        clients.add(client);
        done(null, true);
      });
      parentPort.postMessage({ type: 'authenticate', id, login: {
        clientId: client.id,
        username: username === undefined ? undefined : String(username),
        password: password === undefined ? undefined : password.toString('utf8'),
      } });
    },
    // A refused publish closes the client's connection (aedes); the message goes nowhere.
    authorizePublish(client, packet, done) {
      const grant = client && grants.get(client);
      if (grant && (grant.all || grant.publish.includes(packet.topic)) && !packet.topic.startsWith('$SYS')) return done(null);
      done(new Error('publish to ' + packet.topic + ' not allowed'));
    },
    // A refused subscription is answered with 0x80 in the SUBACK; the client stays connected.
    authorizeSubscribe(client, sub, done) {
      const grant = grants.get(client);
      done(null, grant && (grant.all || grant.subscribe.includes(sub.topic)) ? sub : null);
    },
  });
  broker.on('clientDisconnect', (client) => clients.delete(client));
  const server = net.createServer(broker.handle);
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('error', (error) => parentPort.postMessage({ type: 'error', message: error.message }));
  server.listen(workerData.port, workerData.host, () => {
    parentPort.postMessage({ type: 'listening', port: server.address().port });
  });
  parentPort.on('message', (message) => {
    if (message && message.type === 'auth-result') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      if (resolve) resolve(message.grant);
      return;
    }
    if (message && message.type === 'revoke') {
      for (const client of clients) if (grants.get(client)?.username === message.username) client.close();
      return;
    }
    if (message !== 'close') return;
    server.close();
    for (const socket of sockets) socket.destroy();
    broker.close(() => {
      parentPort.postMessage({ type: 'closed' });
      parentPort.close();
    });
  });
})().catch((error) => parentPort.postMessage({ type: 'error', message: String(error && error.message || error) }));
`;

export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = opts.host ?? '127.0.0.1';
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { aedesPath: require.resolve('aedes'), port: opts.port, host },
  });
  // Only the startup listeners are removed afterwards: removeAllListeners() would also drop the
  // worker's own 'newListener' hook, and later 'message' listeners would then never hear anything.
  let onMessage: ((message: WorkerMessage) => void) | undefined;
  let onError: ((error: Error) => void) | undefined;
  let onExit: ((code: number) => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    onMessage = (message: WorkerMessage) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'error') reject(new Error(`embedded MQTT broker on ${host}:${opts.port}: ${message.message}`));
    };
    onError = reject;
    onExit = (code) => reject(new Error(`embedded MQTT broker stopped during startup (exit ${code})`));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (onMessage) worker.off('message', onMessage);
  if (onError) worker.off('error', onError);
  if (onExit) worker.off('exit', onExit);
  worker.on('message', (message: WorkerMessage) => {
    if (message.type !== 'authenticate') return;
    opts.authenticate(message.login).then(
      (grant) => worker.postMessage({ type: 'auth-result', id: message.id, grant }),
      () => worker.postMessage({ type: 'auth-result', id: message.id, grant: undefined }),
    );
  });

  let closing: Promise<void> | undefined;
  return {
    url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    revoke(username) {
      worker.postMessage({ type: 'revoke', username });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        // A broker that does not finish closing in time is stopped hard; shutdown must not hang.
        const timer = setTimeout(() => void worker.terminate(), 3000);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('close');
      });
      return closing;
    },
  };
}
