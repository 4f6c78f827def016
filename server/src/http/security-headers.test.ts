import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp } from '../testing/test-app';
import { INLINE_SCRIPT_HASHES_FILE } from './inline-script-hashes';

const THEME = "\n    document.documentElement.dataset.theme = 'x';\n  ";
const BOOT = "\n    System.import('@helio/root-config');\n  ";
const INDEX = `<!doctype html><html><head><script>${THEME}</script>
<script type="systemjs-importmap">{"imports":{}}</script></head><body><script>${BOOT}</script></body></html>`;
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

function publicDirWithIndex(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-csp-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  // what tools/scripts/assemble-public.mjs writes beside index.html
  fs.writeFileSync(path.join(dir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify({ scriptSrc: [sha(THEME), sha(BOOT)] }));
  return dir;
}

/** `script-src 'self' x` -> { 'script-src': ["'self'", 'x'] } */
function directivesOf(header: string | string[] | number | undefined): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) policy[name] = values;
  }
  return policy;
}

const [sqlite] = databaseTargets();

describe('security headers of the console', () => {
  let app: FastifyInstance;
  let publicDir: string;

  beforeAll(async () => {
    publicDir = publicDirWithIndex();
    app = await createTestApp(await sqlite.create(), { publicDir });
  });
  afterAll(async () => {
    await app.close();
    await sqlite.destroy();
  });

  const pages = ['/', '/index.html', '/monitoring', '/management/plants/3f9b0c1e', '/auth/sign-in'];

  it.each(pages)('sends the strict Content-Security-Policy with the HTML of %s', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    const csp = directivesOf(response.headers['content-security-policy']);
    // scripts: this origin and exactly the two inline scripts of the page, never inline code at large
    expect(csp['script-src']).toEqual(["'self'", sha(THEME), sha(BOOT)]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['style-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src-elem']).toBeUndefined();
    expect(csp['report-uri']).toEqual(['/api/csp-reports']);
    // over plain HTTP Chromium would take report-to and then send nothing at all
    expect(csp['report-to']).toBeUndefined();
    expect(response.headers['reporting-endpoints']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });

  it('sends the rest of the hardening headers, and no HSTS over plain HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/monitoring', headers: HTML });
    expect(response.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(String(response.headers['permissions-policy'])).toMatch(/(^|, )camera=\(\)/);
    expect(String(response.headers['permissions-policy'])).toMatch(/geolocation=\(\), .*microphone=\(\), .*usb=\(\)/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(response.headers['content-security-policy'])['upgrade-insecure-requests']).toBeUndefined();
  });

  it('protects static files with the same policy, and API answers (JSON, never a document) without one', async () => {
    fs.mkdirSync(path.join(publicDir, 'apps', 'auth-app'), { recursive: true });
    fs.writeFileSync(path.join(publicDir, 'apps', 'auth-app', 'solar-field.0a1b2c3d.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svg = await app.inject({ method: 'GET', url: '/apps/auth-app/solar-field.0a1b2c3d.svg' });
    expect(svg.statusCode).toBe(200);
    expect(directivesOf(svg.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha(THEME), sha(BOOT)]);
    const api = await apiPost(app, 'auth/sign-in', { username: 'nobody@helio.local', password: 'x' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(api.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('picks up the hashes of a console rebuilt under the running server', async () => {
    const changed = "\n    System.import('@helio/root-config').then(start);\n  ";
    const file = path.join(publicDir, INLINE_SCRIPT_HASHES_FILE);
    const index = path.join(publicDir, 'index.html');
    fs.writeFileSync(file, JSON.stringify({ scriptSrc: [sha(THEME), sha(changed)] }));
    fs.writeFileSync(index, INDEX.replace(BOOT, changed));
    const later = new Date(Date.now() + 10_000);
    for (const rebuilt of [file, index]) fs.utimesSync(rebuilt, later, later);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // past the re-check interval
    // index.html carries the hashes of its own scripts; other files the ones the build wrote
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(directivesOf(response.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha(THEME), sha(changed)]);
    const other = await app.inject({ method: 'GET', url: '/missing.svg', headers: HTML });
    expect(directivesOf(other.headers['content-security-policy'])['script-src']).toEqual(["'self'", sha(THEME), sha(changed)]);
  });
});

describe('security headers before the console is built', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(await sqlite.create(), { publicDir: fs.mkdtempSync(path.join(os.tmpdir(), 'helio-unbuilt-')) });
  });
  afterAll(async () => {
    await app.close();
    await sqlite.destroy();
  });

  it('allows no inline script at all, in a well-formed policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(503);
    const header = String(response.headers['content-security-policy']);
    expect(directivesOf(header)['script-src']).toEqual(["'self'"]);
    expect(header).not.toMatch(/ {2}| ;|sha256/);
  });
});

describe('security headers with the opt-in relaxations', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp(await sqlite.create(), {
      publicDir: publicDirWithIndex(),
      secureCookies: true,
      cspDevOrigins: ['http://localhost:9103', 'http://localhost:9100'],
    });
  });
  afterAll(async () => {
    await app.close();
    await sqlite.destroy();
  });

  it('lets scripts, styles and requests come from the listed dev servers, and nowhere else', async () => {
    const response = await app.inject({ method: 'GET', url: '/flow', headers: HTML });
    const csp = directivesOf(response.headers['content-security-policy']);
    const dev = ['http://localhost:9103', 'http://localhost:9100'];
    expect(csp['script-src']).toEqual(["'self'", sha(THEME), sha(BOOT), ...dev]);
    expect(csp['connect-src']).toEqual(["'self'", ...dev]);
    // development builds inject their CSS as <style> elements; attributes stay refused
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", ...dev]);
    expect(csp['style-src-attr']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
  });

  it('sends HSTS, upgrades requests and reports through the Reporting API when the console is behind HTTPS (SECURE_COOKIES)', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['report-to']).toEqual(['csp']);
    expect(csp['report-uri']).toEqual(['/api/csp-reports']); // for browsers without the Reporting API
    expect(response.headers['reporting-endpoints']).toBe('csp="/api/csp-reports"');
  });
});
