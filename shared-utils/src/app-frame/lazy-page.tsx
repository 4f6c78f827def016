// A page in a chunk of its own that renders without suspending once its code is here. Why: React
// holds back content that suspended until 300 ms after the last fallback it showed (its
// FALLBACK_THROTTLE_MS), so a landing page that suspended once on its chunk showed its first figure
// some 300 ms late with the main thread idle (bench/first-paint.js, issue 41). An app preloads the page
// of the URL it mounts on (helioApplication's `preload`); that page then renders at once, and a page
// not preloaded suspends as React.lazy's does.
import { lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the page's code; a failed load may be tried again. */
  preload(): Promise<void>;
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType<P> };
  }) as unknown as ComponentType<P>;
  const Page = (props: P) => (Loaded ? <Loaded {...props} /> : <Suspending {...props} />);
  Page.preload = preload;
  return Page;
}
