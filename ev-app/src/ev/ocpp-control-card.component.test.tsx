import React from 'react';
import { act, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import type { ChargerCommandView, ChargerSessionView, OcppChargerView } from '@helio/contracts';
import { HelioAppFrame } from '@helio/shared-utils';
import { __setCurrentUser, __fixtures, __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { Root } from '../root.component';
import { ocppChargerView } from './test-charger';

const ocpp = ocppChargerView;
const command = (over: Partial<ChargerCommandView> = {}): ChargerCommandView => ({
  id: 'cmd-1',
  chargerId: 'c-1',
  action: 'RemoteStartTransaction',
  state: 'pending',
  answerStatus: null,
  source: 'user',
  userEmail: 'admin@helio.local',
  sentAt: '2026-11-28T10:00:00.000Z',
  answeredAt: null,
  ...over,
});

let charger: OcppChargerView;
let role: 'viewer' | 'operator' | 'owner';
let history: ChargerCommandView[];
let sessions: ChargerSessionView[];
const calls = (path: string) => apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);

beforeEach(() => {
  __setSignedIn();
  role = 'operator';
  charger = ocpp();
  history = [];
  sessions = [];
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'ev/chargers') return { chargers: [], truncated: false };
    if (path === 'ev/sessions') return { plantId: 'plant-1', sessions: [], months: [], truncated: false };
    if (path === 'ev/charger/list') return { chargers: [charger], role };
    if (path === 'ev/charger/commands') return { commands: history };
    if (path === 'ev/charger/availability' || path === 'ev/charger/reset') {
      const sent = command({ action: path.endsWith('reset') ? 'Reset' : 'ChangeAvailability' });
      history = [sent, ...history];
      return sent;
    }
    if (path === 'ev/charger/remote-start' || path === 'ev/charger/remote-stop') {
      const sent = command({ action: path.endsWith('start') ? 'RemoteStartTransaction' : 'RemoteStopTransaction' });
      history = [sent, ...history];
      return sent;
    }
    if (path === 'ev/charger/current') return { ...(body as object), hwMaxCurrentA: 16 };
    if (path === 'ev/charger/free-charging') return { freeCharging: (body as { freeCharging: boolean }).freeCharging };
    if (path === 'ev/id-tag/list') return { idTags: [], role };
    if (path === 'ev/vehicle/list') return { vehicles: [], role };
    if (path === 'ev/charger/sessions') return { sessions };
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
  window.history.pushState({}, '', '/ev');
});

const show = () =>
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );

describe('/ev OCPP control', () => {
  it('starts a session with the id tag, showing the call pending until the charger answers', async () => {
    show();
    const card = await screen.findByTestId('ocpp-control');
    expect(within(card).getByText('Zatím nebyly odeslány žádné příkazy.')).toBeTruthy();
    const start = within(card).getByTestId('ocpp-start');
    expect((start as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(card).getByTestId('ocpp-id-tag'), { target: { value: ' CARD-7 ' } });
    fireEvent.click(start);
    const row = await within(card).findByTestId('ocpp-command');
    expect(row.getAttribute('data-state')).toBe('pending');
    expect(row.textContent).toContain('čeká na nabíječku');
    expect(calls('ev/charger/remote-start')).toEqual([{ chargerId: 'c-1', idTag: 'CARD-7' }]);
  });

  it('stops the running session, and shows a rejected or timed-out answer with its status', async () => {
    charger = ocpp({ transactionId: 41 });
    history = [
      command({ id: 'old-1', state: 'rejected', answerStatus: 'Rejected' }),
      command({ id: 'old-2', state: 'timed_out', action: 'RemoteStopTransaction' }),
    ];
    show();
    const card = await screen.findByTestId('ocpp-control');
    const rows = await within(card).findAllByTestId('ocpp-command');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['rejected', 'timed_out']);
    expect(rows[0]?.textContent).toContain('odmítnuto (Rejected)');
    expect(rows[1]?.textContent).toContain('bez odpovědi');
    expect(within(card).queryByTestId('ocpp-start')).toBeNull();
    fireEvent.click(within(card).getByTestId('ocpp-stop'));
    await waitFor(() => expect(calls('ev/charger/remote-stop')).toEqual([{ chargerId: 'c-1' }]));
  });

  it('offers only the currents the charger’s hardware allows and refuses a minimum above the maximum', async () => {
    charger = ocpp({ hwMaxCurrentA: 10, maxCurrentA: 10 });
    show();
    const card = await screen.findByTestId('charger-c-1');
    const min = within(card).getByLabelText('Minimální proud') as HTMLSelectElement;
    const max = within(card).getByLabelText('Maximální proud') as HTMLSelectElement;
    expect(Array.from(max.querySelectorAll('option'), (o) => o.value)).toEqual(['6', '7', '8', '9', '10']);
    fireEvent.change(max, { target: { value: '7' } });
    fireEvent.change(min, { target: { value: '8' } });
    expect(within(card).getByText('Minimum nesmí být vyšší než maximum')).toBeTruthy();
    expect((within(card).getByTestId('charger-save-limits') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(min, { target: { value: '7' } });
    fireEvent.click(within(card).getByTestId('charger-save-limits'));
    await waitFor(() => expect(calls('ev/charger/current')).toEqual([{ chargerId: 'c-1', minCurrentA: 7, maxCurrentA: 7 }]));
  });

  it('lists the charger’s sessions with the card’s name, the car, energy, cost and why each ended', async () => {
    const done: ChargerSessionView = {
      transactionId: 8,
      idTag: 'CARD-42',
      idTagName: 'Jana',
      vehicleName: 'Kia EV6',
      start: '2026-11-28T10:00:00.000Z',
      end: '2026-11-28T11:00:00.000Z',
      energyKwh: 7.5,
      solarKwh: 6,
      costCzk: 4.2,
      priceSource: 'spot',
      stopReason: 'EVDisconnected',
    };
    sessions = [
      { ...done, transactionId: 9, idTagName: null, vehicleName: null, end: null, stopReason: null, costCzk: null, priceSource: null },
      done,
    ];
    show();
    const rows = await within(await screen.findByTestId('ocpp-control')).findAllByTestId('ocpp-session');
    expect(rows.map((r) => r.getAttribute('data-running'))).toEqual(['true', 'false']);
    expect(rows[0]?.textContent).toContain('nabíjí se');
    expect(rows[0]?.textContent).toContain('CARD-42');
    expect(within(rows[1] as HTMLElement).getByTestId('ocpp-session-energy').textContent).toBe('7,5');
    expect(within(rows[1] as HTMLElement).getByTestId('ocpp-session-cost').textContent).toMatch(/^4,20\sKč \(spot\)$/);
    expect(rows[1]?.textContent).toContain('Jana');
    expect(within(rows[1] as HTMLElement).getByTestId('ocpp-session-vehicle').textContent).toBe('Kia EV6');
    expect(within(rows[0] as HTMLElement).getByTestId('ocpp-session-vehicle').textContent).toBe('–');
    expect(rows[1]?.textContent).toContain('auto odpojeno');
  });

  it('lets the plant’s owner switch free charging on, and no one else', async () => {
    role = 'owner';
    show();
    const card = await screen.findByTestId('ocpp-control');
    const free = within(card).getByRole('checkbox', { name: 'Volné nabíjení (nabíjení spustí jakákoli karta)' }) as HTMLInputElement;
    expect(free.checked).toBe(false);
    expect(free.disabled).toBe(false);
    fireEvent.click(free);
    await waitFor(() => expect(calls('ev/charger/free-charging')).toEqual([{ chargerId: 'c-1', freeCharging: true }]));
  });

  it('lets an operator take the charger out of service, and offers no restart', async () => {
    show();
    const card = await screen.findByTestId('ocpp-control');
    expect(within(card).queryByTestId('charger-reset')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Vyřadit z provozu' }));
    await waitFor(() => expect(calls('ev/charger/availability')).toEqual([{ chargerId: 'c-1', available: false }]));
    expect(await within(card).findByText('Dostupnost')).toBeTruthy(); // in the command history at once
  });

  it('offers a charger whose connectors are all Unavailable back into service', async () => {
    const unavailable = { errorCode: 'NoError', info: null, statusAt: '2026-11-28T10:00:00.000Z', status: 'Unavailable' as const };
    charger = ocpp({ connectors: [{ connectorId: 1, ...unavailable }] });
    show();
    const card = await screen.findByTestId('ocpp-control');
    fireEvent.click(within(card).getByRole('button', { name: 'Vrátit do provozu' }));
    await waitFor(() => expect(calls('ev/charger/availability')).toEqual([{ chargerId: 'c-1', available: true }]));
  });

  it('restarts a charger for the plant’s owner only after a confirmation naming what it ends, soft or hard', async () => {
    role = 'owner';
    show();
    const card = await screen.findByTestId('ocpp-control');
    fireEvent.click(within(card).getByTestId('charger-reset'));
    expect((await screen.findByTestId('charger-reset-question')).textContent).toBe(
      'Restartovat nabíječku Wallbox OCPP? Probíhající nabíjení se ukončí.',
    );
    expect(calls('ev/charger/reset')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Druh restartu'), { target: { value: 'Hard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Restartovat' }));
    await waitFor(() => expect(calls('ev/charger/reset')).toEqual([{ chargerId: 'c-1', type: 'Hard' }]));
  });

  it('shows free charging to an operator without letting them change it', async () => {
    charger = ocpp({ freeCharging: true });
    show();
    const card = await screen.findByTestId('ocpp-control');
    const free = within(card).getByRole('checkbox') as HTMLInputElement;
    expect(free.checked).toBe(true);
    expect(free.disabled).toBe(true);
  });

  it('shows no controls to a viewer of the plant, even with devices:control', async () => {
    role = 'viewer';
    show();
    const card = await screen.findByTestId('ocpp-control');
    expect(within(card).queryByTestId('ocpp-start')).toBeNull();
    expect(within(screen.getByTestId('charger-c-1')).queryByTestId('charger-save-limits')).toBeNull();
    expect((within(screen.getByTestId('charger-c-1')).getByLabelText('Režim') as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows no controls to someone without devices:control', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), permissions: ['plants:read', 'devices:read'] });
    show();
    const card = await screen.findByTestId('ocpp-control');
    expect(within(card).queryByTestId('ocpp-start')).toBeNull();
    const settings = screen.getByTestId('charger-c-1');
    expect(within(settings).queryByTestId('charger-save-limits')).toBeNull();
    expect((within(settings).getByLabelText('Minimální proud') as HTMLSelectElement).disabled).toBe(true);
  });

  it('leaves a gateway’s charger out: it does not speak OCPP', async () => {
    charger = ocpp({ driver: 'gateway', hasPassword: false });
    show();
    expect(await screen.findByTestId('charger-c-1')).toBeTruthy();
    expect(screen.queryByTestId('ocpp-control')).toBeNull();
  });
});
