// Test helper: a fetch that answers /api/<path> from handlers, the way the server would.
import type { TokenResponse } from '../api/endpoints';

export type FakeAnswer = { status: number; body?: unknown } | 'network-error';
export type FakeHandler = (body: unknown, init: RequestInit) => FakeAnswer | Promise<FakeAnswer>;

export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

export function installFakeApi(handlers: Record<string, FakeHandler>) {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\//, '');
    const handler = handlers[path];
    if (!handler) return fakeResponse(404, { error: { code: 'NotFound', message: `no route ${path}` } });
    const answer = await handler(init.body ? JSON.parse(String(init.body)) : undefined, init);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return fakeResponse(answer.status, answer.body);
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An ID token with the claims the server puts in (unsigned: the browser does not verify it). */
export function fakeIdToken(claims: Record<string, unknown> = {}): string {
  const payload = { sub: 'user-1', email: 'admin@helio.local', tenant_id: 'tenant-1', token_use: 'id', ...claims };
  return `${base64Url(JSON.stringify({ alg: 'ES256' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

let issued = 0;

/** A fresh token answer; each call gives a different ID token, like the server. */
export function fakeTokens(claims: Record<string, unknown> = {}): TokenResponse {
  issued++;
  return { idToken: fakeIdToken({ jti: `t${issued}`, ...claims }), accessToken: `access-${issued}`, expiresIn: 900 };
}
