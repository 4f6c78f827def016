import React from 'react';
import { render, screen } from '@testing-library/react';
import { __fixtures, __setCurrentUser, __setSignedIn } from '@helio/shared-utils/mock';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from './root.component';

// The diagram library measures the DOM, which jsdom lacks; the pages' own tests and e2e draw it.
jest.mock('./flow/flow.component', () => ({ __esModule: true, default: () => <h1>flow page</h1> }));
jest.mock('./ems/ems.component', () => ({ __esModule: true, default: () => <h1>ems page</h1> }));

beforeEach(() => __setSignedIn());

describe('the flow app routes', () => {
  it.each([
    ['/flow', 'flow page'],
    ['/ems', 'ems page'],
  ])('shows %s to a user with its module', async (path, text) => {
    window.history.pushState({}, '', path);
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(text);
  });

  it('shows the energy management module’s no-access page to a user without it', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    window.history.pushState({}, '', '/ems');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('module-no-access')).textContent).toContain('Energetický management');
    expect(screen.queryByText('ems page')).toBeNull();
  });

  it('shows /flow under the monitoring module', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['ems'] });
    window.history.pushState({}, '', '/flow');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('module-no-access')).textContent).toContain('Monitoring');
  });
});
