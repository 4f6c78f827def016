// A real push service on loopback for tests: web-push-testing (VAPID checked, payload decrypted as a
// browser would), started in this process on a port of its own, silently (its start() prints).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

const { PushApiModel } = require('web-push-testing/src/PushApiModel') as { PushApiModel: new () => PushModel };
const WebPushTestingServer = require('web-push-testing/src/server') as new (
  model: PushModel,
  port: number,
) => { _app: { listen(port: number, host: string, done: () => void): Server }; setRequestHandlers(): void };

interface PushModel {
  notifyUrl: string;
  subscribe(options: { userVisibleOnly: 'true'; applicationServerKey: string }): Promise<TestSubscription>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface TestPushService {
  /** A browser's subscription for the server's VAPID public key, as pushManager.subscribe gives one. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The subscription stops existing: the service answers 410 from now on. */
  expire(subscription: TestSubscription): void;
  /** The decrypted payloads that reached the subscription. */
  messages(subscription: TestSubscription): string[];
  close(): Promise<void>;
}

export async function startTestPushService(port: number): Promise<TestPushService> {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, port);
  service.setRequestHandlers();
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = service._app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  model.notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/`;
  return {
    // userVisibleOnly as its HTTP API takes it: a form field
    subscribe: (applicationServerKey) => model.subscribe({ userVisibleOnly: 'true', applicationServerKey }),
    expire: (subscription) => model.expireSubscription(subscription.clientHash),
    messages: (subscription) => model.getNotifications({ clientHash: subscription.clientHash }).messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the sender's keep-alive sockets
      }),
  };
}
