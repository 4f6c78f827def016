import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../app-frame/router-future';
import type { ModuleKey } from '@helio/contracts/limits';
import type { AppManifest } from './app-manifest';
import { manifestRoutes } from './manifest-routes';

/** The module wrapper as a marker: the test sees which module a page was put behind. */
const MarkGate = ({ module, children }: { module: ModuleKey; children?: React.ReactNode }) => (
  <div data-testid={`gate-${module}`}>{children}</div>
);

const base = {
  module: 'monitoring',
  routes: { logs: { paths: ['/logs'] }, metricLog: { paths: ['/logs/:metricKey'] }, schedule: { paths: ['/schedule'], module: null } },
} as const satisfies AppManifest;
const pages = { logs: <h1>logs</h1>, metricLog: <h1>one metric</h1>, schedule: <h1>schedule</h1> };

function renderAt(path: string, manifest: AppManifest<keyof typeof pages> = base) {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      {manifestRoutes({ manifest, pages }, MarkGate)}
    </MemoryRouter>,
  );
}

describe('an app’s routes from its manifest', () => {
  it('renders each page at its paths behind the app’s module, or the route’s own, or none', () => {
    renderAt('/logs/BatSoc');
    expect(screen.getByTestId('gate-monitoring').textContent).toBe('one metric');
    renderAt('/schedule');
    expect(screen.getByRole('heading', { name: 'schedule' }).closest('[data-testid^=gate]')).toBeNull();
  });

  it('renders nothing on a path the manifest does not name (the shell owns the rest)', () => {
    const { container } = renderAt('/elsewhere');
    expect(container.textContent).toBe('');
  });

  it('serves a path added to the manifest, with no other change', () => {
    const more: AppManifest<keyof typeof pages> = { ...base, routes: { ...base.routes, logs: { paths: ['/logs', '/records'] } } };
    renderAt('/records', more);
    expect(screen.getByRole('heading').textContent).toBe('logs');
  });
});
