// The embedded MQTT broker (aedes) for single-process installs. aedes is an ES module; it runs on a
// worker thread that imports it natively, which also keeps device traffic off the API's event loop.
import { Worker } from 'node:worker_threads';

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Bind address; loopback by default so only this machine's gateways and server reach it. */
  host?: string;
}

type WorkerMessage = { type: 'listening'; port: number } | { type: 'error'; message: string } | { type: 'closed' };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { pathToFileURL } = require('node:url');
(async () => {
  const { Aedes } = await import(pathToFileURL(workerData.aedesPath).href);
  const broker = await Aedes.createBroker();
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
  const port = await new Promise<number>((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'error') reject(new Error(`embedded MQTT broker on ${host}:${opts.port}: ${message.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded MQTT broker stopped during startup (exit ${code})`)));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.removeAllListeners();

  let closing: Promise<void> | undefined;
  return {
    url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
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
