// Registers the console's service worker (/sw.js: the hashed files offline, the offline page, push
// alerts) and keeps it told of the page's language, which its offline page speaks. A browser without
// service workers (or a page not on HTTPS/localhost) simply runs without: nothing depends on it.
export interface WorkerLanguageSource {
  language: string;
  on(event: 'languageChanged', listener: (language: string) => void): void;
}

export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(
  i18n: WorkerLanguageSource,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  const tell = (language: string) => {
    void container.ready.then((registration) => registration.active?.postMessage({ type: 'language', language: language.slice(0, 2) }));
  };
  container.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    () => tell(i18n.language || 'cs'),
    (error: unknown) => console.warn('The service worker could not be registered:', error),
  );
  i18n.on('languageChanged', tell);
}
