// A lazy page that was preloaded renders at once, never showing its Suspense fallback (which would
// hold back its reveal by React's fallback throttle); one not preloaded suspends as React.lazy's does,
// and keeps its state through later renders (React's retry of the suspended render already renders the
// loaded page, so no later render swaps the element type under it); a failed load is tried again.
// pageAt names the page a URL shows, by the manifest's paths.
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState, type ReactElement } from 'react';
import { pageAt } from '../manifests/page-at';
import { lazyPage } from './lazy-page';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (page: ReactElement) => <Suspense fallback={<p>loading</p>}>{page}</Suspense>;

describe('lazyPage', () => {
  it('renders a preloaded page at once, without its fallback', async () => {
    const load = jest.fn(async () => ({ default: Hello }));
    const Page = lazyPage(load);
    await Page.preload();
    render(inSuspense(<Page name="Brno" />));
    expect(screen.getByText('Hello Brno')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends a page not preloaded until its code is here', async () => {
    let arrive: (module: { default: typeof Hello }) => void = () => undefined;
    const Page = lazyPage(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    render(inSuspense(<Page name="Plzeň" />));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ default: Hello }));
    expect(await screen.findByText('Hello Plzeň')).toBeTruthy();
  });

  it('keeps the state of a page that suspended when it renders again with new props', async () => {
    function Counter({ label }: { label: string }) {
      const [clicks, setClicks] = useState(0);
      return (
        <button type="button" onClick={() => setClicks(clicks + 1)}>
          {label} {clicks}
        </button>
      );
    }
    let arrive: (module: { default: typeof Counter }) => void = () => undefined;
    const Page = lazyPage(() => new Promise<{ default: typeof Counter }>((resolve) => (arrive = resolve)));
    const { rerender } = render(inSuspense(<Page label="inverters" />));
    await act(async () => arrive({ default: Counter }));
    const button = await screen.findByText('inverters 0');
    act(() => button.click());
    rerender(inSuspense(<Page label="batteries" />));
    expect(screen.getByText('batteries 1')).toBeTruthy();
  });

  it('tries a failed load again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello });
    const Page = lazyPage<{ name: string }>(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(inSuspense(<Page name="Ostrava" />));
    expect(screen.getByText('Hello Ostrava')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('pageAt', () => {
  const manifest = {
    routes: {
      dashboard: { paths: ['/', '/monitoring'] },
      metricLog: { paths: ['/logs/:metricKey'] },
      logs: { paths: ['/logs'] },
      fallback: { paths: ['*'] },
    },
  };

  it('names the page whose path the URL matches, parameters included, and nothing for an unknown URL', () => {
    expect(pageAt(manifest, '/')).toBe('dashboard');
    expect(pageAt(manifest, '/monitoring')).toBe('dashboard');
    expect(pageAt(manifest, '/logs')).toBe('logs');
    expect(pageAt(manifest, '/logs/PvPower')).toBe('metricLog');
    expect(pageAt(manifest, '/nowhere')).toBeUndefined();
  });
});
