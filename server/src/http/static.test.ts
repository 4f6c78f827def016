import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { databaseTargets } from '../testing/databases';
import { createTestApp } from '../testing/test-app';
import { cacheControlFor, IMMUTABLE } from './static';

const INDEX = '<!doctype html><html><body><div id="helio-layout"></div></body></html>';
const SCRIPT = `System.register([], function () { ${'/* helio nav */ '.repeat(200)} });`;
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function writePublicDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-public-'));
  const write = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  };
  write('index.html', INDEX);
  write('import-map.json', '{"imports":{}}');
  write('locales/cs/common.json', '{"appName":"Helio EMS"}');
  write('apps/nav-app/helio-nav-app.3f2a1b9c.js', SCRIPT);
  write('apps/nav-app/manifest.json', '{"entries":{}}');
  return dir;
}

describe('cacheControlFor', () => {
  it('makes only content-hashed files under apps/ immutable', () => {
    expect(cacheControlFor('apps/nav-app/helio-nav-app.3f2a1b9c.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('apps/shared-deps/react@19.2.0.1a2b3c4d.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('apps/root-config/helio-root-config.b1cc0483.js.map')).toBe(IMMUTABLE);
    expect(cacheControlFor('apps/nav-app/manifest.json')).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('import-map.json')).toBe('no-cache');
    expect(cacheControlFor('locales/cs/common.3f2a1b9c.json')).toBe('no-cache');
  });

  it('makes the files of a content-hashed folder under apps/ immutable (the icons), not of a folder named by version alone', () => {
    expect(cacheControlFor('apps/shared-deps/blueprint-icons@6.14.1.5e0c9a1f/16/offline.json')).toBe(IMMUTABLE);
    expect(cacheControlFor('apps/shared-deps/blueprint-icons@6.14.1/16/offline.json')).toBe('no-cache');
    expect(cacheControlFor('locales/cs.5e0c9a1f/common.json')).toBe('no-cache');
  });
});

describe.each(databaseTargets())('static console on $name', (target) => {
  let app: FastifyInstance;
  let publicDir: string;

  beforeAll(async () => {
    publicDir = writePublicDir();
    app = await createTestApp(await target.create(), { publicDir });
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves hashed app files as immutable for a year', async () => {
    const response = await get('/apps/nav-app/helio-nav-app.3f2a1b9c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(SCRIPT);
  });

  it('makes browsers revalidate index.html, the import map, locales and unhashed files', async () => {
    for (const url of ['/', '/index.html', '/import-map.json', '/locales/cs/common.json', '/apps/nav-app/manifest.json']) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect([url, response.headers['cache-control']]).toEqual([url, 'no-cache']);
    }
    expect((await get('/')).body).toBe(INDEX);
    expect((await get('/locales/cs/common.json')).json()).toEqual({ appName: 'Helio EMS' });
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/index.html');
    const again = await get('/index.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers index.html for page URLs a browser reloads (SPA fallback)', async () => {
    for (const url of ['/monitoring', '/auth/sign-in', '/logs/ActPwrPve', '/my-account/notifications?tab=1']) {
      const response = await get(url, HTML);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers 404 for a missing file that is not a page request', async () => {
    const script = await get('/apps/nav-app/helio-nav-app.00000000.js', { accept: '*/*' });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ error: { code: 'NotFound' } });
    expect((await get('/locales/de/common.json', { accept: 'application/json' })).statusCode).toBe(404);
    expect((await get('/monitoring', { accept: 'application/json' })).statusCode).toBe(404);
  });

  it('gzips text files for browsers that accept it', async () => {
    const response = await get('/apps/nav-app/helio-nav-app.3f2a1b9c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/apps/nav-app/helio-nav-app.3f2a1b9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe.each(databaseTargets())('unbuilt console on $name', (target) => {
  it('answers 503 telling to run npm run build when index.html is missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-empty-'));
    const app = await createTestApp(await target.create(), { publicDir: path.join(empty, 'missing') });
    try {
      for (const url of ['/', '/monitoring']) {
        const response = await app.inject({ method: 'GET', url, headers: HTML });
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toMatch(/npm run build/);
      }
    } finally {
      await app.close();
      await target.destroy();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
