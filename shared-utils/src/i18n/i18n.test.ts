import fs from 'fs';
import path from 'path';
import { fakeResponse } from '../testing/fake-api';
import { LOADER_OPTIONS } from './loader-options';

/** Serves /locales/{lng}/{ns}.json from the workspaces' locale folders, like the server does. */
function serveLocales(failures: Record<string, number[]> = {}) {
  const root = path.resolve(__dirname, '..', '..', '..');
  const calls: string[] = [];
  const fetchMock = jest.fn(async (url: string) => {
    calls.push(url);
    const planned = failures[url];
    if (planned && planned.length > 0) return fakeResponse(planned.shift() as number, 'error');
    const [, lng, file] = /^\/locales\/([^/]+)\/([^/]+)$/.exec(url) ?? [];
    const workspace = file === 'common.json' ? 'shared-utils' : path.basename(file ?? '', '.json');
    const local = path.join(root, workspace, 'locales', lng ?? '', file ?? '');
    return fs.existsSync(local) ? fakeResponse(200, fs.readFileSync(local, 'utf8')) : fakeResponse(404, 'missing');
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return calls;
}

function loadI18n() {
  jest.resetModules();
  return require('./i18n') as typeof import('./i18n');
}

describe('translation loading', () => {
  it('uses exactly the loader settings of the spec', () => {
    expect(LOADER_OPTIONS).toEqual({
      loadPath: '/locales/{{lng}}/{{ns}}.json',
      addPath: '/locales/add/{{lng}}/{{ns}}',
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
    });
  });

  it('starts in Czech, loads the common namespace from /locales/cs/common.json and translates', async () => {
    const calls = serveLocales();
    const { i18n, i18nReady } = loadI18n();
    await i18nReady;
    expect(calls).toEqual(['/locales/cs/common.json']);
    expect(i18n.language).toBe('cs');
    expect(i18n.t('retry')).toBe('Zkusit znovu');
    expect(document.documentElement.lang).toBe('cs');
  });

  it('switches language with setLanguage and formats for its locale', async () => {
    const calls = serveLocales();
    const { i18n, i18nReady, setLanguage, formatNumber } = loadI18n();
    await i18nReady;
    await setLanguage('en');
    expect(calls).toContain('/locales/en/common.json');
    expect(i18n.t('retry')).toBe('Retry');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(document.documentElement.lang).toBe('en');
  });

  it('retries a 5xx answer after 350 ms, and does not retry a 4xx', async () => {
    jest.useFakeTimers();
    const calls = serveLocales({ '/locales/cs/common.json': [503], '/locales/cs/missing-ns.json': [] });
    const { i18n, i18nReady } = loadI18n();
    await jest.advanceTimersByTimeAsync(349);
    expect(calls).toEqual(['/locales/cs/common.json']);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['/locales/cs/common.json', '/locales/cs/common.json']);
    await i18nReady;
    expect(i18n.t('retry')).toBe('Zkusit znovu');

    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loading = i18n.loadNamespaces('missing-ns');
    await jest.advanceTimersByTimeAsync(10_000);
    await loading;
    expect(calls.filter((u) => u === '/locales/cs/missing-ns.json')).toHaveLength(1);
    jest.useRealTimers();
  });

  it('reports a missing key to the add path in development builds only', async () => {
    const calls = serveLocales();
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      const { i18n, i18nReady } = loadI18n();
      await i18nReady;
      i18n.t('no.such.key');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toContain('/locales/add/cs/common');
    } finally {
      process.env.NODE_ENV = previous;
    }
    const { i18n, i18nReady } = loadI18n();
    await i18nReady;
    calls.length = 0;
    i18n.t('no.such.key');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.filter((url) => url.startsWith('/locales/add/'))).toEqual([]);
  });
});
