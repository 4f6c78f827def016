import { registerServiceWorker, SERVICE_WORKER_URL, type WorkerLanguageSource } from './service-worker';

/** A service worker container that records what the shell asks of it. */
function fakeContainer() {
  const posted: unknown[] = [];
  const registrations: Array<[string, RegistrationOptions | undefined]> = [];
  const container = {
    register: (url: string, options?: RegistrationOptions) => {
      registrations.push([url, options]);
      return Promise.resolve({});
    },
    ready: Promise.resolve({ active: { postMessage: (message: unknown) => posted.push(message) } }),
  } as unknown as ServiceWorkerContainer;
  return { container, posted, registrations };
}

function fakeI18n(language: string) {
  const listeners: Array<(language: string) => void> = [];
  const i18n: WorkerLanguageSource = { language, on: (_event, listener) => void listeners.push(listener) };
  return { i18n, change: (next: string) => listeners.forEach((l) => l(next)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the shell’s service worker', () => {
  it('is registered for the whole console and told the page’s language, then every change of it', async () => {
    const { container, posted, registrations } = fakeContainer();
    const { i18n, change } = fakeI18n('cs');
    registerServiceWorker(i18n, container);
    await settle();
    expect(registrations).toEqual([[SERVICE_WORKER_URL, { scope: '/' }]]);
    change('en-US');
    await settle();
    expect(posted).toEqual([
      { type: 'language', language: 'cs' },
      { type: 'language', language: 'en' },
    ]);
  });

  it('is left out where the browser has no service workers', () => {
    const { i18n } = fakeI18n('cs');
    expect(() => registerServiceWorker(i18n, undefined)).not.toThrow();
  });
});
