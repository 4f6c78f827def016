import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ToastProps } from '@blueprintjs/core';
import { ApiError, HelioProviders, i18n, queryClient } from '@helio/shared-utils';
import { __setSignedIn, __settled, apiPost, showToast } from '@helio/shared-utils/mock';
import NotificationSchedulePage from './notification-schedule.component';
import { defaultSettings, type NotificationSettings } from './schedule-rules';

const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A server that keeps the settings, like notifications/settings/* do; `failSaves` makes saves fail. */
function fakeServer(initial: NotificationSettings = defaultSettings()) {
  const server = { stored: initial, saves: [] as NotificationSettings[], failSaves: false, gate: Promise.resolve() };
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'notifications/settings/get') return copy(server.stored);
    if (path === 'notifications/settings/save') {
      server.saves.push(body as NotificationSettings);
      await server.gate;
      if (server.failSaves) throw new ApiError(0, 'NetworkError', 'offline');
      server.stored = copy(body as NotificationSettings);
      return copy(server.stored);
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
  return server;
}

async function renderPage() {
  const view = render(
    <HelioProviders>
      <NotificationSchedulePage />
    </HelioProviders>,
  );
  await screen.findByTestId('day-card-0');
  return view;
}

const card = (day: number) => screen.getByTestId(`day-card-${day}`);
const dayToggle = (day: number) => within(card(day)).getByRole('checkbox') as HTMLInputElement;
const master = () => screen.getByRole('checkbox', { name: 'Upozornění' }) as HTMLInputElement;
const period = (name: string) => screen.getByRole('radio', { name });
const enabledDays = () => [0, 1, 2, 3, 4, 5, 6].map((d) => dayToggle(d).checked);
const times = (day: number) => `${screen.getByTestId(`day-from-${day}`).textContent}–${screen.getByTestId(`day-to-${day}`).textContent}`;
const lastSave = (server: ReturnType<typeof fakeServer>) => server.saves.at(-1);
const saved = async () => expect(await screen.findByText('Uloženo')).toBeTruthy();

/** Waits for the optimistic update, the fake server's answer and the query cache's notifications. */
const settle = __settled;

async function click(element: HTMLElement) {
  fireEvent.click(element);
  await settle();
}

/** A click whose save the fake server holds: waits for the optimistic change, not for the answer. */
async function clickWhileHeld(element: HTMLElement, shows: () => void) {
  fireEvent.click(element);
  await waitFor(shows);
}

async function switchOn() {
  await click(master());
  await saved();
}

beforeEach(() => {
  __setSignedIn();
  queryClient.clear();
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('cs'));
});

describe('the notification schedule screen', () => {
  it('starts from the defaults: all days, switched off, every day 08:00–16:00, in Czech', async () => {
    fakeServer();
    await renderPage();
    expect(master().checked).toBe(false);
    expect(period('Všechny dny').getAttribute('aria-checked')).toBe('true');
    expect(
      ['Pondělí', 'Úterý', 'Středa', 'Čtvrtek', 'Pátek', 'Sobota', 'Neděle'].map((d) =>
        within(card(['Pondělí', 'Úterý', 'Středa', 'Čtvrtek', 'Pátek', 'Sobota', 'Neděle'].indexOf(d))).getByText(d),
      ),
    ).toHaveLength(7);
    expect([0, 1, 2, 3, 4, 5, 6].map(times)).toEqual(Array(7).fill('08:00–16:00'));
    expect(enabledDays()).toEqual(Array(7).fill(true));
  });

  it('with the master switch off disables the period selector and dims the cards, which do not react', async () => {
    const server = fakeServer();
    await renderPage();
    expect((period('Pracovní dny') as HTMLButtonElement).disabled).toBe(true);
    expect(card(2).className).toContain('helio-day-card--dimmed');
    expect(card(2).getAttribute('aria-disabled')).toBe('true');
    expect(dayToggle(2).disabled).toBe(true);
    fireEvent.click(card(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.saves).toEqual([]);
    expect(screen.getByTestId('schedule-off')).toBeTruthy();
  });

  it('switches notifications on and saves at once, with visible feedback', async () => {
    const server = fakeServer();
    await renderPage();
    await switchOn();
    expect(lastSave(server)).toEqual({ ...defaultSettings(), enabled: true });
    expect((period('Pracovní dny') as HTMLButtonElement).disabled).toBe(false);
    expect(card(2).className).not.toContain('helio-day-card--dimmed');
  });

  it('workdays enables Monday to Friday only, and all days enables all again', async () => {
    const server = fakeServer();
    await renderPage();
    await switchOn();
    await click(period('Pracovní dny'));
    expect(enabledDays()).toEqual([true, true, true, true, true, false, false]);
    await waitFor(() => expect(lastSave(server)?.period).toBe('weekdays'));
    expect(lastSave(server)?.days.map((d) => d.enabled)).toEqual([true, true, true, true, true, false, false]);
    await click(period('Všechny dny'));
    expect(enabledDays()).toEqual(Array(7).fill(true));
  });

  it('toggling one day switches the period to custom', async () => {
    const server = fakeServer();
    await renderPage();
    await switchOn();
    await click(dayToggle(3));
    expect(period('Vlastní').getAttribute('aria-checked')).toBe('true');
    expect(dayToggle(3).checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull(); // the toggle is not a press of the card
    await waitFor(() => expect(lastSave(server)).toMatchObject({ period: 'custom' }));
  });

  it('pressing the card of a day that is off switches it on and opens its dialog', async () => {
    fakeServer();
    await renderPage();
    await switchOn();
    await click(period('Pracovní dny'));
    await click(card(5));
    expect(dayToggle(5).checked).toBe(true);
    expect(period('Vlastní').getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByRole('dialog')).getByText('Časy – Sobota')).toBeTruthy();
  });

  it('validates the dialog on touch, keeps it open while invalid, and saves new times to every day when not custom', async () => {
    const server = fakeServer({ ...defaultSettings(), enabled: true });
    await renderPage();
    await click(card(1));
    const dialog = screen.getByRole('dialog');
    const from = within(dialog).getByLabelText('Od');
    const to = within(dialog).getByLabelText('Do');
    expect(within(dialog).queryByText('Toto pole je povinné.')).toBeNull();

    fireEvent.change(from, { target: { value: '' } });
    fireEvent.blur(from);
    expect(within(dialog).getByTestId('schedule-from-error').textContent).toBe('Toto pole je povinné.');
    fireEvent.click(within(dialog).getByTestId('dialog-done'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(from, { target: { value: '17' } });
    fireEvent.blur(from);
    expect((from as HTMLInputElement).value).toBe('17:00');
    expect(within(dialog).getByTestId('schedule-to-error').textContent).toBe('Konec nesmí být dříve než začátek.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(to, { target: { value: '21:30' } });
    await click(within(dialog).getByTestId('dialog-done'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect([0, 1, 2, 3, 4, 5, 6].map(times)).toEqual(Array(7).fill('17:00–21:30'));
    await waitFor(() => expect(lastSave(server)?.days.every((d) => d.from === '17:00' && d.to === '21:30')).toBe(true));
  });

  it('in custom changes only the edited day’s times', async () => {
    fakeServer({ ...defaultSettings(), enabled: true, period: 'custom' });
    await renderPage();
    await click(card(4));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('Od'), { target: { value: '06:00' } });
    await click(screen.getByTestId('dialog-done'));
    expect(times(4)).toBe('06:00–16:00');
    expect(times(3)).toBe('08:00–16:00');
  });

  it('rolls back a change the server did not take, says so, and retries', async () => {
    const server = fakeServer();
    await renderPage();
    server.failSaves = true;
    let answer = () => undefined as void;
    server.gate = new Promise((resolve) => (answer = resolve));
    // optimistic, while the server has not answered
    await clickWhileHeld(master(), () => expect(master().checked).toBe(true));
    expect(screen.getByText('Ukládá se…')).toBeTruthy();
    answer();
    expect(await screen.findByText('Neuloženo')).toBeTruthy();
    expect(master().checked).toBe(false);
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ intent: 'danger', message: 'Změnu se nepodařilo uložit, rozvrh je proto vrácen do původního stavu.' }),
    );
    const toast = showToast.mock.calls.at(-1)?.[0] as ToastProps;
    server.failSaves = false;
    await act(async () => toast.action?.onClick?.({} as React.MouseEvent<HTMLElement>));
    await saved();
    expect(master().checked).toBe(true);
    expect(server.stored.enabled).toBe(true);
  });

  it('shows a change at once while an earlier save is still on its way, and saves both in order', async () => {
    const server = fakeServer();
    await renderPage();
    await switchOn();
    let answer = () => undefined as void;
    server.gate = new Promise((resolve) => (answer = resolve));
    await clickWhileHeld(period('Pracovní dny'), () => expect(enabledDays()).toEqual([true, true, true, true, true, false, false]));
    // the first save has not been answered
    await clickWhileHeld(period('Všechny dny'), () => expect(enabledDays()).toEqual(Array(7).fill(true)));
    answer();
    await saved();
    expect(server.saves.map((s) => s.period)).toEqual(['allDays', 'weekdays', 'allDays']);
    expect(server.stored.days.map((d) => d.enabled)).toEqual(Array(7).fill(true));
    expect(enabledDays()).toEqual(Array(7).fill(true));
  });

  it('shows the saved schedule again after a reload', async () => {
    fakeServer();
    const first = await renderPage();
    await switchOn();
    await click(period('Pracovní dny'));
    await waitFor(() => expect(screen.queryByText('Ukládá se…')).toBeNull());
    first.unmount();
    queryClient.clear();
    await renderPage();
    expect(master().checked).toBe(true);
    expect(period('Pracovní dny').getAttribute('aria-checked')).toBe('true');
    expect(enabledDays()).toEqual([true, true, true, true, true, false, false]);
  });

  it('names the days in English when the interface is English', async () => {
    fakeServer();
    await act(() => i18n.changeLanguage('en'));
    await renderPage();
    expect(within(card(0)).getByText('Monday')).toBeTruthy();
    expect(within(card(6)).getByText('Sunday')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Workdays' })).toBeTruthy();
  });

  it('offers a retry when the schedule cannot be loaded', async () => {
    apiPost.mockRejectedValue(new ApiError(500, 'InternalError', 'boom'));
    render(
      <HelioProviders>
        <NotificationSchedulePage />
      </HelioProviders>,
    );
    expect(await screen.findByText('Rozvrh upozornění se nepodařilo načíst')).toBeTruthy();
  });
});
