import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PushDevice } from '@helio/contracts';
import { HelioProviders, queryClient } from '@helio/shared-utils';
import { __setSignedIn, __settled, apiPost, showToast } from '@helio/shared-utils/mock';
import { PushDevices } from './push-devices.component';

/** A server that keeps the user's devices, like notifications/push/* do. */
function fakeServer(devices: PushDevice[]) {
  const server = { devices, tests: [] as string[] };
  apiPost.mockImplementation((async (path: string, body: { id: string; name?: string }) => {
    if (path === 'notifications/push/list') return { devices: server.devices.map((d) => ({ ...d })) };
    if (path === 'notifications/push/rename') {
      server.devices = server.devices.map((d) => (d.id === body.id ? { ...d, name: body.name ?? d.name } : d));
      return server.devices.find((d) => d.id === body.id);
    }
    if (path === 'notifications/push/remove') {
      server.devices = server.devices.filter((d) => d.id !== body.id);
      return { removed: true };
    }
    if (path === 'notifications/push/test') {
      server.tests.push(body.id);
      return { queued: true };
    }
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
  return server;
}

const phone: PushDevice = { id: 'd1', name: 'Telefon', service: 'fcm.googleapis.com', createdAt: '2026-11-01T08:00:00Z', lastSentAt: null };
const laptop: PushDevice = {
  id: 'd2',
  name: 'Notebook',
  service: 'updates.push.services.mozilla.com',
  createdAt: '2026-11-02T08:00:00Z',
  lastSentAt: '2026-11-20T10:30:00Z',
};

const settle = __settled;
async function click(element: HTMLElement) {
  fireEvent.click(element);
  await settle();
}
const row = (name: string) => screen.getAllByTestId('push-device').find((r) => r.textContent?.includes(name)) as HTMLElement;

async function renderDevices() {
  render(
    <HelioProviders>
      <PushDevices />
    </HelioProviders>,
  );
  await screen.findByRole('heading', { name: 'Push notifikace' });
  await settle();
}

beforeEach(() => {
  __setSignedIn();
  queryClient.clear();
  apiPost.mockReset();
  showToast.mockReset();
});

describe('the push devices section', () => {
  it('lists the user’s devices with their push service and when a message last reached them', async () => {
    fakeServer([phone, laptop]);
    await renderDevices();
    expect(within(row('Telefon')).getByText('fcm.googleapis.com')).toBeTruthy();
    expect(within(row('Telefon')).getByText('Zatím žádná')).toBeTruthy();
    expect(within(row('Notebook')).queryByText('Zatím žádná')).toBeNull();
  });

  it('says so when this browser cannot receive push messages (no service worker, no Push API)', async () => {
    fakeServer([]);
    await renderDevices();
    expect(screen.getByTestId('push-unsupported').textContent).toContain('neumí přijímat push notifikace');
    expect(screen.getByText('Zatím není přihlášeno žádné zařízení.')).toBeTruthy();
  });

  it('renames a device, sends it a test and removes it, refreshing the list after each', async () => {
    const server = fakeServer([phone, laptop]);
    await renderDevices();
    const first = row('Telefon');
    await click(within(first).getByRole('button', { name: 'Přejmenovat' }));
    const field = within(first).getByRole('textbox', { name: 'Název zařízení' });
    fireEvent.change(field, { target: { value: 'Můj telefon' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    // each step waits for what it changes, not for a fixed time (a loaded machine takes longer)
    await waitFor(() => expect(row('Můj telefon')).toBeTruthy());

    fireEvent.click(within(row('Můj telefon')).getByRole('button', { name: 'Poslat zkušební' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        expect.objectContaining({ intent: 'success', message: expect.stringContaining('Můj telefon') }),
      ),
    );
    expect(server.tests).toEqual(['d1']);

    fireEvent.click(within(row('Notebook')).getByRole('button', { name: 'Odebrat' }));
    await waitFor(() => expect(screen.getAllByTestId('push-device').map((r) => r.firstChild?.textContent)).toEqual(['Můj telefon']));
  });
});
