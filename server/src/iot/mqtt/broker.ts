// The embedded MQTT broker (aedes) for single-process installs. aedes is an ES module; it runs on a
// worker thread that imports it natively, which also keeps device traffic off the API's event loop.
// Logins are checked on the main thread (database, scrypt); the answer is a grant of topics that the
// worker then enforces on every publish and subscribe without a round trip.
import { Worker } from 'node:worker_threads';
import type { BrokerGrant } from './broker-acl';
import { WORKER_SOURCE } from './broker-worker';

export interface EmbeddedBroker {
  url: string;
  port: number;
  /** Disconnects every client logged in as `username` (its password was rotated). */
  revoke(username: string): void;
  /** How often the worker thread died and was started again. */
  readonly restarts: number;
  /** Stops the worker thread hard, as a crash would (diagnostics and tests): it is started again. */
  crashWorker(): Promise<void>;
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
  /** Told when the worker thread fails or dies (it is restarted). */
  onWorkerError?: (error: Error) => void;
}

type WorkerMessage =
  | { type: 'listening'; port: number }
  | { type: 'error'; message: string }
  | { type: 'closed' }
  | { type: 'authenticate'; id: number; login: BrokerLogin };

/** Largest MQTT packet the embedded broker takes (a report is at most 64 KiB, plus its topic). */
export const MAX_MQTT_PACKET_BYTES = 128 * 1024;
/** A worker that keeps dying is not restarted faster than this. */
const RESTART_DELAY_MS = 500;

/** Starts one broker worker and resolves with it and its port once it listens. */
async function spawnWorker(host: string, port: number): Promise<{ worker: Worker; port: number }> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { aedesPath: require.resolve('aedes'), port, host, maxPacketBytes: MAX_MQTT_PACKET_BYTES },
  });
  // Only the startup listeners are removed afterwards: removeAllListeners() would also drop the
  // worker's own 'newListener' hook, and later 'message' listeners would then never hear anything.
  let onMessage: ((message: WorkerMessage) => void) | undefined;
  let onError: ((error: Error) => void) | undefined;
  let onExit: ((code: number) => void) | undefined;
  const listening = await new Promise<number>((resolve, reject) => {
    onMessage = (message: WorkerMessage) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'error') reject(new Error(`embedded MQTT broker on ${host}:${port}: ${message.message}`));
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
  return { worker, port: listening };
}

export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const host = opts.host ?? '127.0.0.1';
  const first = await spawnWorker(host, opts.port);
  const port = first.port;
  let worker = first.worker;
  let closing: Promise<void> | undefined;
  let restarts = 0;

  // A crashed worker (an exception in aedes, out of memory on that thread) must not leave the
  // gateways without a broker until someone restarts the process: start a new one on the same port;
  // clients reconnect and log in again.
  const adopt = (current: Worker) => {
    current.on('message', (message: WorkerMessage) => {
      if (message.type !== 'authenticate') return;
      opts.authenticate(message.login).then(
        (grant) => current.postMessage({ type: 'auth-result', id: message.id, grant }),
        () => current.postMessage({ type: 'auth-result', id: message.id, grant: undefined }),
      );
    });
    current.on('error', (error) => opts.onWorkerError?.(error));
    current.once('exit', (code) => {
      if (closing) return;
      opts.onWorkerError?.(new Error(`embedded MQTT broker worker exited (code ${code}); restarting`));
      const restart = async (): Promise<void> => {
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
        if (closing) return;
        try {
          worker = (await spawnWorker(host, port)).worker;
          restarts++;
          if (closing) await worker.terminate();
          else adopt(worker);
        } catch (error) {
          opts.onWorkerError?.(error instanceof Error ? error : new Error(String(error)));
          return restart();
        }
      };
      void restart();
    });
  };
  adopt(worker);

  return {
    url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get restarts() {
      return restarts;
    },
    revoke(username) {
      worker.postMessage({ type: 'revoke', username });
    },
    async crashWorker() {
      await worker.terminate();
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        const current = worker;
        // A broker that does not finish closing in time is stopped hard; shutdown must not hang.
        const timer = setTimeout(() => void current.terminate(), 3000);
        current.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        current.postMessage('close');
      });
      return closing;
    },
  };
}
