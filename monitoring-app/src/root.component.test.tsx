import React from 'react';
import { render, screen } from '@testing-library/react';
import { __fixtures, __setCurrentUser, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import { HelioAppFrame } from '@helio/shared-utils';
import { preloadPageAt, Root } from './root.component';

// uPlot needs a canvas and matchMedia, which jsdom lacks; the pages' own tests and e2e cover the charts.
jest.mock('uplot', () => jest.fn());

beforeEach(() => {
  __setSignedIn();
  __setShadow('gw-brno-01', __fixtures.shadow());
});

describe('the monitoring app routes', () => {
  it.each(['/', '/monitoring', '/monitoring/dashboard'])('shows the dashboard at %s', async (path) => {
    window.history.pushState({}, '', path);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByTestId('tile-pv')).toBeTruthy();
  });

  it('shows the module no-access page instead of any monitoring page to a user without monitoring', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['notifications'] });
    window.history.pushState({}, '', '/');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('module-no-access')).textContent).toContain('Nemáte přístup k modulu Monitoring');
    expect(screen.queryByTestId('tile-pv')).toBeNull();
  });

  it.each([
    ['/logs', 'Záznamy'],
    ['/logs/ActPwrPve', 'Výkon FVE'],
    ['/statistics', 'Statistiky'],
    ['/spot', 'Spotové ceny'],
    ['/services', 'Služby'],
    ['/inverters', 'Střídače'],
    ['/batteries', 'Baterie'],
  ])('shows its page at %s', async (path, title) => {
    window.history.pushState({}, '', path);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain(title);
  });
});

describe('the page the app mounts on', () => {
  it.each([
    ['/', 'tile-pv'],
    ['/logs/ActPwrPve', 'granularity'],
  ])('is preloaded for %s, so it renders without the spinner', async (path, testId) => {
    await preloadPageAt(path);
    window.history.pushState({}, '', path);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(screen.queryByTestId('full-screen-spinner')).toBeNull();
    expect(await screen.findByTestId(testId)).toBeTruthy();
  });
});
