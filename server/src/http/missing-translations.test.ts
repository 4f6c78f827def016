import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { missingTranslationsFile, registerMissingTranslationRoute } from './missing-translations';

async function appWith(enabled: boolean): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-missing-'));
  const app = Fastify();
  await registerMissingTranslationRoute(app, { enabled, dataDir });
  await app.ready();
  return { app, dataDir };
}

const post = (app: FastifyInstance, url: string, payload: object | string) => app.inject({ method: 'POST', url, payload });

describe('POST /locales/add/{lng}/{ns}', () => {
  it('records missing keys in development, merging reports and keeping every key', async () => {
    const { app, dataDir } = await appWith(true);
    expect((await post(app, '/locales/add/en/nav-app', { 'profile.newThing': 'New thing' })).json()).toEqual({ recorded: 1 });
    const answers = await Promise.all([
      post(app, '/locales/add/en/nav-app', { 'a.b': 'A' }),
      post(app, '/locales/add/en/nav-app', { 'c.d': 'C', 'profile.newThing': 'New thing' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const file = missingTranslationsFile(dataDir, 'en', 'nav-app');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ 'profile.newThing': 'New thing', 'a.b': 'A', 'c.d': 'C' });
    await app.close();
  });

  it('refuses other languages, path-like namespaces and bodies that are not key → text', async () => {
    const { app, dataDir } = await appWith(true);
    expect((await post(app, '/locales/add/de/nav-app', { a: 'A' })).statusCode).toBe(400);
    expect((await post(app, '/locales/add/en/..%2F..%2Fetc', { a: 'A' })).statusCode).toBe(400);
    expect((await post(app, '/locales/add/en/nav-app', { a: { nested: true } })).statusCode).toBe(400);
    expect((await post(app, '/locales/add/en/nav-app', {})).statusCode).toBe(400);
    expect(fs.existsSync(path.join(dataDir, 'missing-translations'))).toBe(false);
    await app.close();
  });

  it('does not exist in production, so nothing is written', async () => {
    const { app, dataDir } = await appWith(false);
    expect((await post(app, '/locales/add/en/nav-app', { a: 'A' })).statusCode).toBe(404);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    await app.close();
  });
});
