// Behind a proxy the server must be told to believe its X-Forwarded-For (TRUST_PROXY), or every client
// shares the proxy's address: the sign-in lock of an address (20 failures from it, any accounts) then
// locks out everyone at once but those with a known-device cookie. The first request that brings the
// header without it being believed makes one warning line, once per process.
import type { FastifyInstance } from 'fastify';

export const PROXY_WARNING =
  'Requests arrive with X-Forwarded-For but the server does not believe it (TRUST_PROXY is off, or the proxy is not one it trusts): ' +
  'every client behind the proxy has its address, so the sign-in lock of an address (20 failures) would lock them all out together. ' +
  'Set TRUST_PROXY=on (one proxy at a private address in front) or to the proxies\u2019 addresses.';

export function installProxyWarning(app: FastifyInstance, warn: (message: string) => void): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    // Believed, the header gives the client's address; not believed, the address is the peer's own.
    if (request.ip !== request.socket.remoteAddress) return;
    warned = true;
    warn(PROXY_WARNING);
  });
}
