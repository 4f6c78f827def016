import React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { defaultSettings } from './notification-schedule/schedule-rules';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from './root.component';

beforeEach(() => {
  __setSignedIn();
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'notifications/settings/get') return defaultSettings();
    if (path === 'notifications/alerts/list') return { alerts: [] };
    if (path === 'notifications/alerts/unread-count') return { count: 0 };
    if (path === 'notifications/thresholds/get') return { plantId: 'plant-1', batterySocMin: 20, pvMinPercent: 10 };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

describe('the notifications app routes', () => {
  it('shows the notification schedule at /my-account/notifications', async () => {
    window.history.pushState({}, '', '/my-account/notifications');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByText('Rozvrh upozornění')).toBeTruthy();
    expect(await screen.findByTestId('day-card-6')).toBeTruthy();
  });

  it('shows the notification centre at /notifications', async () => {
    window.history.pushState({}, '', '/notifications');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByText('Žádná upozornění')).toBeTruthy();
  });

  it('shows the module no-access page at /notifications to a user without the notifications module, and calls nothing', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    window.history.pushState({}, '', '/notifications');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect((await screen.findByTestId('module-no-access')).textContent).toContain('Nemáte přístup k modulu Upozornění');
    expect(apiPost).not.toHaveBeenCalledWith('notifications/alerts/list', expect.anything(), expect.anything());
  });

  it('keeps the schedule (an account setting) open to that user', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    window.history.pushState({}, '', '/my-account/notifications');
    render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    expect(await screen.findByTestId('day-card-6')).toBeTruthy();
  });

  it('renders nothing on routes of other apps', async () => {
    window.history.pushState({}, '', '/my-account');
    const { container } = render(
      <HelioAppFrame>
        <Root />
      </HelioAppFrame>,
    );
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
