import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, HelioProviders } from '@helio/shared-utils';
import { __setShadow, apiPost } from '@helio/shared-utils/mock';
import type { RcCommand, RcState } from '@helio/contracts';
import { ControlsPanel } from './controls-panel.component';

const state = (allowed: boolean, reason: RcState['control']['reason'] = null, gateway: RcState['gateway'] = online): RcState => ({
  plant: {
    id: 'plant-1',
    name: 'Brno – Líšeň',
    thingName: 'gw-brno-01',
    timezone: 'Europe/Prague',
    hasBattery: true,
    gridExportLimitKw: null,
  },
  keys: [
    { key: 'OperMode', rule: { kind: 'choice', choices: ['self-consumption', 'backup'], battery: false } },
    { key: 'ExportLimit', rule: { kind: 'integer', unit: 'W', min: 0, max: 1_000_000, battery: false } },
  ],
  gateway,
  control: { allowed, reason },
});

const shadow = (
  version: number,
  desired: Record<string, unknown> = {},
  delta: Record<string, unknown> = {},
  reported: Record<string, unknown> = { OperMode: 'self-consumption', ExportLimit: 5000 },
) => ({
  state: { reported, desired, delta },
  metadata: { reported: {}, desired: Object.fromEntries(Object.keys(desired).map((k) => [k, { timestamp: Date.now() - 2000 }])) },
  version,
  timestamp: Date.now(),
  hasDelta: Object.keys(delta).length > 0,
});

const online: RcState['gateway'] = { connected: true, since: Date.now() - 60_000, status: 'online' };
/** A plant whose gateway never connected nor reported: offline, as the registry and /services say. */
const neverReported: RcState['gateway'] = { connected: null, since: null, status: 'offline' };

const renderPanel = (s: RcState, commands?: RcCommand[]) =>
  render(
    <HelioProviders>
      <ControlsPanel state={s} commands={commands} />
    </HelioProviders>,
  );

describe('the controls of a plant', () => {
  it('shows each control read-only with the reason to a user who may not change, and its live state', async () => {
    __setShadow('gw-brno-01', shadow(4, { ExportLimit: 3000 }, { ExportLimit: 3000 }));
    renderPanel(state(false, 'plantRole'));
    expect((await screen.findByTestId('rc-read-only')).textContent).toContain('U této elektrárny jste pozorovatel');
    expect(screen.getByTestId('rc-state-ExportLimit').getAttribute('data-state')).toBe('pending');
    expect(screen.getByTestId('rc-state-OperMode').getAttribute('data-state')).toBe('inSync');
    expect((screen.getByTestId('rc-ExportLimit-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('rc-ExportLimit-apply')).toBeNull();
  });

  it('asks naming the plant and old → new, sends the version seen, and on 409 shows what changed and keeps the input', async () => {
    __setShadow('gw-brno-01', shadow(7));
    apiPost.mockRejectedValueOnce(
      new ApiError(409, 'Conflict', 'version', {
        currentVersion: 9,
        current: { desired: { ExportLimit: 4000 }, reported: { OperMode: 'self-consumption', ExportLimit: 5000 } },
      }),
    );
    renderPanel(state(true));
    fireEvent.change(await screen.findByTestId('rc-ExportLimit-input'), { target: { value: '2500' } });
    fireEvent.click(screen.getByTestId('rc-ExportLimit-apply'));
    const dialog = await screen.findByRole('dialog');
    const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
    expect(text(within(dialog).getByTestId('rc-confirm-text'))).toBe('Limit přetoku do sítě elektrárny Brno – Líšeň: 5 000 W → 2 500 W');
    fireEvent.click(within(dialog).getByTestId('rc-confirm-send'));
    expect(text(await within(dialog).findByTestId('rc-conflict'))).toContain('Limit přetoku do sítě požadováno: nenastaveno → 4 000 W');
    const seen = { desired: {}, reported: { OperMode: 'self-consumption', ExportLimit: 5000 } };
    expect(apiPost).toHaveBeenCalledWith('rc/set', { plantId: 'plant-1', key: 'ExportLimit', value: 2500, expectedVersion: 7, seen });
    expect((screen.getByTestId('rc-ExportLimit-input') as HTMLInputElement).value).toBe('2500');
    apiPost.mockResolvedValueOnce({ version: 10, command: {} as never });
    fireEvent.click(within(dialog).getByTestId('rc-confirm-send'));
    const current = { desired: { ExportLimit: 4000 }, reported: { OperMode: 'self-consumption', ExportLimit: 5000 } };
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('rc/set', {
        plantId: 'plant-1',
        key: 'ExportLimit',
        value: 2500,
        expectedVersion: 9,
        seen: current,
      }),
    );
  });

  it('refuses a value out of the key’s limits before asking', async () => {
    __setShadow('gw-brno-01', shadow(7));
    renderPanel(state(true));
    fireEvent.change(await screen.findByTestId('rc-ExportLimit-input'), { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('rc-ExportLimit-apply'));
    expect(await screen.findByText(/^Zadejte hodnotu od 0 do 1\s000\s000 W\.$/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a plant that never reported as offline with its settings not reported, warns before sending', async () => {
    __setShadow('gw-brno-01', shadow(0, {}, {}, {}));
    renderPanel(state(true, null, neverReported));
    const gateway = await screen.findByTestId('rc-gateway');
    expect(gateway.getAttribute('data-state')).toBe('offline');
    expect(gateway.textContent).toBe('Brána offline: elektrárna nikdy nic nenahlásila');
    expect(screen.getByTestId('rc-state-ExportLimit').getAttribute('data-state')).toBe('notReported');
    expect(screen.queryByTestId('rc-ExportLimit-cancel')).toBeNull();
    fireEvent.change(screen.getByTestId('rc-ExportLimit-input'), { target: { value: '4000' } });
    fireEvent.click(screen.getByTestId('rc-ExportLimit-apply'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('rc-confirm-offline').textContent).toContain('Elektrárna je offline');
    expect(within(dialog).getByTestId('rc-confirm-offline').textContent).toContain('po 24\u00a0h vyprší');
  });

  it('lets a value queued for an offline plant be cancelled: its desired value cleared', async () => {
    __setShadow('gw-brno-01', shadow(1, { ExportLimit: 4000 }, { ExportLimit: 4000 }, {}));
    renderPanel(state(true, null, neverReported));
    expect((await screen.findByTestId('rc-state-ExportLimit')).getAttribute('data-state')).toBe('queued');
    apiPost.mockResolvedValueOnce({});
    const cancel = screen.getByTestId('rc-ExportLimit-cancel');
    expect(cancel.textContent).toBe('Zrušit čekající hodnotu');
    fireEvent.click(cancel);
    await waitFor(() =>
      expect(apiPost).toHaveBeenCalledWith('iot/thing/shadow/desired', {
        thingName: 'gw-brno-01',
        desiredKey: 'ExportLimit',
        desiredState: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('rc-ExportLimit-cancel').className).not.toContain('loading'));
  });

  it('words the export limit in force as the plant detail does: reported with the request beside it, else the plant’s setting', async () => {
    __setShadow('gw-brno-01', shadow(3, { ExportLimit: 4000 }, { ExportLimit: 4000 }));
    const { unmount } = renderPanel(state(true));
    expect((await screen.findByTestId('rc-in-force-ExportLimit')).textContent).toMatch(
      /^5\s000 W \(požadováno 4\s000 W, zatím nepřevzato\)$/,
    );
    expect(screen.queryByTestId('rc-in-force-OperMode')).toBeNull();
    unmount();
    __setShadow('gw-brno-01', shadow(0, {}, {}, {}));
    const withSetting = state(true, null, neverReported);
    renderPanel({ ...withSetting, plant: { ...withSetting.plant, gridExportLimitKw: 6 } });
    expect((await screen.findByTestId('rc-in-force-ExportLimit')).textContent).toMatch(
      /^6\s000 W \(nastavení elektrárny; střídač žádný nenahlásil\)$/,
    );
  });

  it('does not warn of an offline plant when the plant is online', async () => {
    __setShadow('gw-brno-01', shadow(7));
    renderPanel(state(true));
    fireEvent.change(await screen.findByTestId('rc-ExportLimit-input'), { target: { value: '2500' } });
    fireEvent.click(screen.getByTestId('rc-ExportLimit-apply'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('rc-confirm-offline')).toBeNull();
  });

  it('says on the card that the last request expired once its value is cleared, and not after a newer request', async () => {
    __setShadow('gw-brno-01', shadow(5));
    const command = (over: Partial<RcCommand>): RcCommand => ({
      id: 'c1',
      plantId: 'plant-1',
      key: 'ExportLimit',
      from: 5000,
      to: 2500,
      state: 'expired',
      source: 'user',
      userEmail: 'operator@helio.local',
      sentAt: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      confirmedAt: null,
      confirmMs: null,
      ...over,
    });
    const { rerender } = renderPanel(state(true), [command({}), command({ id: 'c0', key: 'OperMode', state: 'confirmed' })]);
    const expired = await screen.findByTestId('rc-expired-ExportLimit');
    // number, unit and hours as the shared helpers write them: a no-break space before the unit
    expect(expired.textContent).toMatch(
      /^Poslední požadavek \(2\u00a0500\u00a0W, odeslaný .+\) zařízení do 24\u00a0h nepotvrdilo a vypršel/,
    );
    expect(screen.getByTestId('rc-state-ExportLimit').getAttribute('data-state')).toBe('inSync');
    expect(screen.queryByTestId('rc-expired-OperMode')).toBeNull();
    rerender(
      <HelioProviders>
        <ControlsPanel state={state(true)} commands={[command({ id: 'c2', state: 'confirmed' }), command({})]} />
      </HelioProviders>,
    );
    await waitFor(() => expect(screen.queryByTestId('rc-expired-ExportLimit')).toBeNull());
  });
});
