import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApiError, HelioProviders, queryClient } from '@helio/shared-utils';
import type { Alert, AlertFilter, Thresholds } from '../api/notifications-api';
import { __fixtures, __pushLiveAlert, __setPlants, __setSignedIn, __settled, apiPost, showToast } from '@helio/shared-utils/mock';
import NotificationCentrePage from './notification-centre.component';

const alert = (patch: Partial<Alert>): Alert => ({
  id: 'a1',
  plantId: 'plant-1',
  plantName: 'Brno – Líšeň',
  kind: 'gatewayOffline',
  severity: 'critical',
  startedAt: '2025-06-11T08:00:00.000Z',
  endedAt: null,
  read: false,
  details: { lastReportAt: null },
  ...patch,
});

/** Answers the notification centre's calls the way the server does, from a list of alerts. */
function fakeServer(alerts: Alert[]) {
  const server = { alerts, lists: [] as AlertFilter[], thresholds: new Map<string, Thresholds>(), saveStatus: 200 };
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    switch (path) {
      case 'notifications/alerts/list': {
        const f = body as AlertFilter;
        server.lists.push(f);
        return {
          alerts: server.alerts.filter(
            (a) =>
              (f.plantId === undefined || a.plantId === f.plantId) &&
              (f.severity === undefined || a.severity === f.severity) &&
              (f.state === undefined || (f.state === 'open') === (a.endedAt === null)) &&
              (f.read === undefined || a.read === f.read),
          ),
        };
      }
      case 'notifications/alerts/unread-count':
        return { count: server.alerts.filter((a) => !a.read).length };
      case 'notifications/alerts/mark-read': {
        const { ids } = body as { ids: string[] };
        server.alerts = server.alerts.map((a) => (ids.includes(a.id) ? { ...a, read: true } : a));
        return { marked: ids.length };
      }
      case 'notifications/thresholds/get': {
        const { plantId } = body as { plantId: string };
        return server.thresholds.get(plantId) ?? { plantId, batterySocMin: 20, pvMinPercent: 10 };
      }
      case 'notifications/thresholds/save':
        if (server.saveStatus !== 200) throw new ApiError(server.saveStatus, 'Forbidden', 'no');
        server.thresholds.set((body as Thresholds).plantId, body as Thresholds);
        return body;
      default:
        throw new Error(`unexpected ${path}`);
    }
  }) as unknown as typeof apiPost);
  return server;
}

let location = '';
function LocationProbe() {
  location = useLocation().search;
  return null;
}

async function renderCentre(search = '') {
  render(
    <HelioProviders>
      <MemoryRouter initialEntries={[`/notifications${search}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <NotificationCentrePage />
        <LocationProbe />
      </MemoryRouter>
    </HelioProviders>,
  );
  await __settled();
}

const ALERTS = [
  alert({
    id: 'a3',
    kind: 'batteryLow',
    severity: 'warning',
    details: { soc: 12.5, threshold: 20 },
    startedAt: '2025-06-11T09:00:00.000Z',
  }),
  alert({ id: 'a2', plantId: 'plant-2', plantName: 'Olomouc – Sady', kind: 'gridOutage', read: true }),
  alert({ id: 'a1', endedAt: '2025-06-11T08:30:00.000Z' }),
];

beforeEach(() => {
  __setSignedIn();
  queryClient.clear();
});

describe('the notification centre', () => {
  it('lists the alerts with what happened, where, when, and whether it still lasts', async () => {
    fakeServer(ALERTS);
    await renderCentre();
    const battery = screen.getByTestId('alert-a3');
    expect(within(battery).getByText('Nízký stav nabití baterie')).toBeTruthy();
    expect(within(battery).getByText('Stav nabití 12,5 % pod prahem 20 %')).toBeTruthy();
    expect(within(battery).getByText('Varování')).toBeTruthy();
    expect(within(battery).getByText('Trvá')).toBeTruthy();
    expect(within(screen.getByTestId('alert-a1')).getByText('Brána dosud neposlala žádná data.')).toBeTruthy();
    expect(within(screen.getByTestId('alert-a1')).queryByText('Trvá')).toBeNull();
    expect(within(screen.getByTestId('alert-a2')).getByText('Přečteno')).toBeTruthy();
    expect(screen.getByTestId('unread-count').textContent).toBe('Nepřečtená: 2');
  });

  it('filters by plant, severity, state and read, keeping the filters in the URL', async () => {
    const server = fakeServer(ALERTS);
    await renderCentre();
    fireEvent.change(screen.getByLabelText('Elektrárna', { selector: '#alert-filter-plant' }), { target: { value: 'plant-2' } });
    fireEvent.change(screen.getByLabelText('Závažnost'), { target: { value: 'critical' } });
    fireEvent.change(screen.getByLabelText('Stav'), { target: { value: 'open' } });
    fireEvent.change(screen.getByLabelText('Přečtení', { selector: 'select' }), { target: { value: 'read' } });
    await waitFor(() =>
      expect(server.lists.at(-1)).toEqual({ plantId: 'plant-2', severity: 'critical', state: 'open', read: true, limit: 200 }),
    );
    expect(location).toBe('?plant=plant-2&severity=critical&state=open&read=read');
    expect(await screen.findByTestId('alert-a2')).toBeTruthy();
    expect(screen.queryByTestId('alert-a3')).toBeNull();
  });

  it('starts from the filters in the URL and offers to clear them when nothing matches', async () => {
    const server = fakeServer(ALERTS);
    await renderCentre('?severity=warning&read=read');
    expect(server.lists[0]).toEqual({ severity: 'warning', read: true, limit: 200 });
    expect(screen.getByText('Filtrům neodpovídá žádné upozornění')).toBeTruthy();
    fireEvent.click(screen.getByText('Zrušit filtry'));
    await waitFor(() => expect(screen.getByTestId('alert-a3')).toBeTruthy());
  });

  it('shows an alert the live stream tells of at once, and read marks changed in another tab', async () => {
    const server = fakeServer(ALERTS);
    await renderCentre();
    expect(server.lists).toHaveLength(1);
    const opened = alert({ id: 'a4', plantName: 'Střecha Sever', kind: 'inverterFault', startedAt: '2025-06-11T10:00:00.000Z' });
    server.alerts = [opened, ...server.alerts];
    const { read: _read, details: _details, ...news } = opened;
    act(() => __pushLiveAlert({ change: 'opened', alert: news }));
    expect(await screen.findByTestId('alert-a4')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('unread-count').textContent).toBe('Nepřečtená: 3'));
    expect(server.lists).toHaveLength(2);

    server.alerts = server.alerts.map((a) => ({ ...a, read: true }));
    act(() => __pushLiveAlert({ change: 'read' }));
    await waitFor(() => expect(within(screen.getByTestId('alert-a4')).getByText('Přečteno')).toBeTruthy());
  });

  it('marks one alert read, or all unread ones', async () => {
    const server = fakeServer(ALERTS);
    await renderCentre();
    fireEvent.click(within(screen.getByTestId('alert-a3')).getByText('Označit jako přečtené'));
    await waitFor(() => expect(within(screen.getByTestId('alert-a3')).getByText('Přečteno')).toBeTruthy());
    expect(apiPost).toHaveBeenCalledWith('notifications/alerts/mark-read', { ids: ['a3'] });
    fireEvent.click(screen.getByText('Označit vše jako přečtené'));
    await waitFor(() => expect(server.alerts.every((a) => a.read)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
    expect(screen.queryByText('Označit jako přečtené')).toBeNull();
  });

  it('edits the thresholds of the active plant and saves them', async () => {
    const server = fakeServer([]);
    await renderCentre();
    expect(screen.getByText('Žádná upozornění')).toBeTruthy();
    const editor = screen.getByTestId('thresholds-editor');
    const soc = within(editor).getByLabelText('Stav nabití baterie pod') as HTMLInputElement;
    await waitFor(() => expect(soc.value).toBe('20'));
    fireEvent.change(soc, { target: { value: '150' } });
    fireEvent.click(within(editor).getByText('Uložit prahy'));
    expect(within(editor).getByText('Zadejte číslo v rozsahu uvedeném pod polem.')).toBeTruthy();
    fireEvent.change(soc, { target: { value: '32,5' } });
    fireEvent.click(within(editor).getByText('Uložit prahy'));
    await waitFor(() => expect(server.thresholds.get('plant-1')).toEqual({ plantId: 'plant-1', batterySocMin: 32.5, pvMinPercent: 10 }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', message: 'Prahy uloženy' })));
  });

  it('shows the active plant’s thresholds at once when the plant list arrives after the page', async () => {
    fakeServer([]);
    const plants = __fixtures.plants();
    __setPlants(undefined); // still loading when the page first renders
    await renderCentre();
    act(() => __setPlants(plants));
    const editor = screen.getByTestId('thresholds-editor');
    await waitFor(() => expect((within(editor).getByLabelText('Stav nabití baterie pod') as HTMLInputElement).value).toBe('20'));
    expect((within(editor).getByLabelText('Elektrárna') as HTMLSelectElement).value).toBe(plants[0].id);
  });

  it('says when the user may not change thresholds', async () => {
    const server = fakeServer([]);
    server.saveStatus = 403;
    await renderCentre();
    const editor = screen.getByTestId('thresholds-editor');
    await waitFor(() => expect((within(editor).getByLabelText('Výroba FVE pod') as HTMLInputElement).value).toBe('10'));
    fireEvent.click(within(editor).getByText('Uložit prahy'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Prahy upozornění měnit nemůžete.' })));
  });
});
