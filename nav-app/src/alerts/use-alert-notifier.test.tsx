import React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { navigateToUrl } from 'single-spa';
import type { ToastProps } from '@blueprintjs/core';
import { HelioAppFrame } from '@helio/shared-utils';
import { Root } from '../root.component';
import { __fixtures, __pushLiveAlert, __setCurrentUser, __setSignedIn, apiPost, queryClient, showToast } from '@helio/shared-utils/mock';
import type { OpenAlert } from './alerts-api';
import { LATEST_OPEN_KEY, UNREAD_COUNT_KEY } from './alerts.resource';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const openAlert = (id: string, over: Partial<OpenAlert> = {}): OpenAlert => ({
  id,
  plantId: 'plant-1',
  plantName: 'Solární park Jih',
  kind: 'batteryLow',
  severity: 'warning',
  startedAt: '2026-11-22T08:00:00.000Z',
  ...over,
});

let unread = 0;
let open: OpenAlert[] = [];

beforeEach(() => {
  __setSignedIn();
  window.history.pushState({}, '', '/');
  window.innerWidth = 1280;
  unread = 0;
  open = [];
  const fallback = apiPost.getMockImplementation();
  apiPost.mockImplementation(async (path, body, init) => {
    const route = path as string;
    if (route === 'notifications/alerts/unread-count') return { count: unread } as never;
    if (route === 'notifications/alerts/list') return { alerts: open } as never;
    return (fallback as NonNullable<typeof fallback>)(path, body, init);
  });
});

const calls = (route: string) => apiPost.mock.calls.filter(([path]) => path === route);

async function renderNav() {
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** What the 30 s poll does, without waiting 30 s. */
async function poll() {
  await act(() => queryClient.refetchQueries({ queryKey: ['notifications', 'alerts'] }));
}

describe('the unread badge on the notifications entry', () => {
  it('is hidden at 0 and shows the translated count once alerts are unread', async () => {
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/unread-count')).toHaveLength(1));
    expect(screen.queryByTestId('nav-unread-badge')).toBeNull();
    unread = 3;
    await poll();
    const badge = await screen.findByTestId('nav-unread-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 nepřečtená oznámení');
    expect(badge.parentElement?.querySelector('[data-testid="nav-entry-notifications"]')).toBeTruthy();
  });

  it('caps the number at 99+', async () => {
    unread = 150;
    await renderNav();
    const badge = await screen.findByTestId('nav-unread-badge');
    expect(badge.textContent).toBe('99+');
    expect(badge.getAttribute('aria-label')).toBe('150 nepřečtených oznámení');
  });

  it('polls nothing for a user without the notifications module', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    unread = 5;
    await renderNav();
    expect(calls('notifications/alerts/unread-count')).toHaveLength(0);
    expect(calls('notifications/alerts/list')).toHaveLength(0);
    expect(screen.queryByTestId('nav-unread-badge')).toBeNull();
  });

  it('asks for the latest open alerts only, on the key notifications-app invalidates', async () => {
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(1));
    expect(calls('notifications/alerts/list')[0][1]).toEqual({ state: 'open', limit: 5 });
    expect(UNREAD_COUNT_KEY.slice(0, 2)).toEqual(['notifications', 'alerts']);
    expect(LATEST_OPEN_KEY.slice(0, 2)).toEqual(['notifications', 'alerts']);
  });
});

describe('toasts for new alerts', () => {
  it('stays quiet about alerts already open when the nav loads', async () => {
    open = [openAlert('a1')];
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(1));
    await poll();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('raises one toast per new alert, naming plant and kind, linking to /notifications', async () => {
    open = [openAlert('a1')];
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(1));
    open = [openAlert('a2', { plantName: 'Střecha Sever', kind: 'gridOutage', severity: 'critical' }), openAlert('a1')];
    await poll();
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    const toast = showToast.mock.calls[0][0] as ToastProps;
    expect(toast.message).toBe('Střecha Sever: Výpadek sítě');
    expect(toast.intent).toBe('danger');
    expect(toast.action?.href).toBe('/notifications');
    act(() => {
      render(
        <a href="/notifications" onClick={toast.action?.onClick as React.MouseEventHandler<HTMLAnchorElement>}>
          {String(toast.action?.text)}
        </a>,
      );
    });
    fireEvent.click(screen.getByText('Otevřít oznámení'));
    expect(navigateToUrl).toHaveBeenCalledWith('/notifications');

    await poll();
    await poll();
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});

describe('alert news from the live stream', () => {
  const news = (alert: OpenAlert) => ({ change: 'opened' as const, alert: { ...alert, endedAt: null } });
  /** Past the moment events of one burst are gathered in, and the reads it started. */
  const afterSettling = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

  it('raises the toast at once, without waiting for the poll, and reads the unread count again', async () => {
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(1));
    await waitFor(() => expect(calls('notifications/alerts/unread-count')).toHaveLength(1));
    unread = 1;
    open = [openAlert('a7', { plantName: 'Střecha Sever', kind: 'gridOutage', severity: 'critical' })];
    act(() => __pushLiveAlert(news(open[0]!)));
    expect(showToast).toHaveBeenCalledTimes(1);
    expect((showToast.mock.calls[0][0] as ToastProps).message).toBe('Střecha Sever: Výpadek sítě');
    await waitFor(() => expect(calls('notifications/alerts/unread-count')).toHaveLength(2));
    await afterSettling();
    expect(calls('notifications/alerts/unread-count')).toHaveLength(2); // no third read for the same news
    expect((await screen.findByTestId('nav-unread-badge')).textContent).toBe('1');
    // the latest open alerts were read again too, and show the same alert: no second toast
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(2));
    await poll();
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('reads the count again once for a burst of news, for read marks changed elsewhere and after news was lost', async () => {
    unread = 4;
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/unread-count')).toHaveLength(1));
    unread = 1;
    act(() => {
      __pushLiveAlert({ change: 'read' });
      __pushLiveAlert({ change: 'cleared', alert: { ...openAlert('a1'), endedAt: '2026-11-22T09:00:00.000Z' } });
      __pushLiveAlert({ change: 'resync' });
    });
    await waitFor(() => expect(calls('notifications/alerts/unread-count')).toHaveLength(2));
    await afterSettling();
    expect(calls('notifications/alerts/unread-count')).toHaveLength(2); // no third read for the same news
    expect((await screen.findByTestId('nav-unread-badge')).textContent).toBe('1');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('does not listen for a user whose role cannot read notifications', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read'] });
    await renderNav();
    await waitFor(() => expect(calls('notifications/alerts/list')).toHaveLength(1));
    act(() => __pushLiveAlert(news(openAlert('a9'))));
    await afterSettling();
    expect(showToast).not.toHaveBeenCalled();
    expect(calls('notifications/alerts/list')).toHaveLength(1);
  });
});
