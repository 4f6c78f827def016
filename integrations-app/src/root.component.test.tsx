// The integrations app's pages over the mocked shared-utils: keys, webhooks, the API reference's
// states, the sources page, and the module gate.
import { act, fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import { __fixtures, __setCurrentUser, __setSignedIn, apiPost, showToast } from '@helio/shared-utils/mock';
import { ApiError, HelioAppFrame } from '@helio/shared-utils';
import { Root } from './root.component';

const KEY = {
  id: 'k1',
  name: 'Grafana',
  scope: 'read',
  plantIds: null,
  hint: 'helio_12345678…',
  createdAt: '2026-01-01T10:00:00Z',
  createdBy: 'a@b',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  suspended: false,
};
const SOURCES = {
  plants: [
    {
      id: 'plant-1',
      name: 'Brno',
      thingName: 'gw-1',
      canRotate: true,
      gateway: {
        username: 'gw-1',
        brokerUrl: 'mqtt://broker:1883',
        status: 'online',
        connected: true,
        lastMessageAt: '2026-01-01T10:00:00Z',
        messagesPerMinute: 6,
        droppedMessages: 2,
      },
    },
  ],
  spot: { area: 'CZ', url: null, rows: 48, ownRows: 0, lastImport: { at: '2026-01-01T09:00:00Z', source: 'upload', rows: 48, errors: [] } },
};
let openApi: () => Promise<Pick<Response, 'status' | 'ok' | 'json'>>;
const answer = (status: number, body: unknown) => async () => ({ status, ok: status < 300, json: async () => body }) as unknown as Response;

beforeEach(() => {
  __setSignedIn();
  openApi = answer(404, null);
  global.fetch = jest.fn(() => openApi()) as unknown as typeof fetch;
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'integration/key/list') return { keys: [KEY] };
    if (path === 'integration/key/create')
      return { key: { ...KEY, id: 'k2', name: (body as { name: string }).name }, secret: 'helio_secret-shown-once' };
    if (path === 'integration/webhook/list') return { webhooks: [] };
    if (path === 'integration/sources') return SOURCES;
    if (path === 'plant/list') return __fixtures.plants();
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

async function open(path: string) {
  window.history.pushState({}, '', path);
  render(
    <HelioAppFrame>
      <Root />
    </HelioAppFrame>,
  );
}

describe('the integrations app', () => {
  it('lists the API keys and shows a new key once', async () => {
    await open('/integrations');
    expect(await screen.findByTestId('api-key-Grafana')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-key-new'));
    fireEvent.click(await screen.findByTestId('api-key-create'));
    expect(await screen.findByText('Pojmenujte klíč')).toBeTruthy();
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'Home Assistant' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    expect(((await screen.findByTestId('api-key-secret')) as HTMLInputElement).value).toBe('helio_secret-shown-once');
    expect(apiPost).toHaveBeenCalledWith('integration/key/create', {
      name: 'Home Assistant',
      scope: 'read',
      plantIds: null,
      expiresAt: null,
    });
  });

  it('offers control keys only to users who may control devices, and words the server’s refusal', async () => {
    const user = __fixtures.currentUser();
    __setCurrentUser({ ...user, permissions: user.permissions.filter((p) => p !== 'devices:control') });
    await open('/integrations');
    fireEvent.click(await screen.findByTestId('api-key-new'));
    expect((await screen.findByTestId('api-key-scope-control')).hasAttribute('disabled')).toBe(true);
    apiPost.mockRejectedValueOnce(
      new ApiError(403, 'KeyExceedsCreator', 'A read key needs metrics:read', { scope: 'read', permissions: ['metrics:read'] }),
    );
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'Grafana' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    expect((await screen.findByTestId('api-key-error')).textContent).toBe(
      'Klíč s rozsahem čtecí by směl víc, než dovoluje vaše role (chybí metrics:read). Zvolte užší rozsah, nebo požádejte správce.',
    );
  });

  it('shows a key whose creator is gone as suspended', async () => {
    apiPost.mockImplementation((async (path: string) => {
      if (path === 'integration/key/list') return { keys: [{ ...KEY, suspended: true }] };
      if (path === 'integration/webhook/list') return { webhooks: [] };
      if (path === 'plant/list') return __fixtures.plants();
      throw new Error(`unexpected ${path}`);
    }) as unknown as typeof apiPost);
    await open('/integrations');
    expect((await screen.findByTestId('api-key-suspended')).textContent).toBe('Pozastaven');
  });

  it('says in words why an event cannot be sent again yet', async () => {
    const hook = {
      id: 'w1',
      url: 'https://example.com/h',
      description: '',
      events: ['alert.opened'],
      enabled: true,
      createdAt: KEY.createdAt,
      lastDelivery: null,
    };
    const delivery = {
      ...{ id: 'd1', webhookId: 'w1', eventId: 'e1', event: 'alert.opened', status: 'pending', attempts: 1, createdAt: KEY.createdAt },
      ...{ lastAttemptAt: null, nextAttemptAt: null, deliveredAt: null, responseStatus: 500, error: 'HTTP 500', payload: '{}' },
    };
    apiPost.mockImplementation((async (path: string) => {
      if (path === 'integration/key/list') return { keys: [] };
      if (path === 'integration/webhook/list') return { webhooks: [hook] };
      if (path === 'integration/webhook/deliveries') return { deliveries: [delivery] };
      if (path === 'integration/webhook/redeliver') throw new ApiError(409, 'RedeliveryPending', 'waiting', { deliveryId: 'd1' });
      throw new Error(`unexpected ${path}`);
    }) as unknown as typeof apiPost);
    await open('/integrations');
    fireEvent.click(await screen.findByTestId('webhook-log'));
    fireEvent.click(await screen.findByText('Poslat znovu'));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        intent: 'danger',
        message: 'Tato událost už čeká na odeslání tomuto webhooku; odejde při dalším pokusu.',
      }),
    );
  });

  it('says when the API description is not published', async () => {
    await open('/integrations');
    expect(await screen.findByText('Popis API není zveřejněn')).toBeTruthy();
  });

  it('shows the operations of a published OpenAPI document', async () => {
    openApi = answer(200, {
      openapi: '3.1.0',
      info: { title: 'Helio EMS', version: '1' },
      paths: { '/api/tag/list': { post: { summary: 'List tags', responses: { '200': {} } } } },
    });
    await open('/integrations');
    const operation = await screen.findByTestId('api-operation');
    expect(within(operation).getByText('/api/tag/list')).toBeTruthy();
  });

  it('shows each plant’s gateway and the spot source on /integrations/sources', async () => {
    await open('/integrations/sources');
    const gateway = await screen.findByTestId('gateway-gw-1');
    expect(within(gateway).getByText('mqtt://broker:1883')).toBeTruthy();
    expect(within(gateway).getByText('Online')).toBeTruthy();
    expect(within(screen.getByTestId('spot-source')).getByText('48')).toBeTruthy();
  });

  it('shows the organisation’s own spot prices and removes them after asking', async () => {
    const own = { ...SOURCES, spot: { ...SOURCES.spot, ownRows: 24 } };
    apiPost.mockImplementation((async (path: string) => {
      if (path === 'integration/sources') return own;
      if (path === 'integration/spot/clear') return { rows: 24 };
      throw new Error(`unexpected ${path}`);
    }) as unknown as typeof apiPost);
    await open('/integrations/sources');
    expect((await screen.findByTestId('spot-own-rows')).textContent).toContain('24');
    fireEvent.click(screen.getByTestId('spot-clear'));
    expect(await screen.findByText('Odebrat 24 cen nahraných vaší organizací? Pak opět uvidíte ceny serveru.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Odebrat' }).at(-1) as HTMLElement);
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('integration/spot/clear', {}));
  });

  it('names a history line outside the importable range in words before anything is sent', async () => {
    await open('/integrations/sources');
    const csv = 'time,key,value\n0001-01-01T00:00:00Z,BatSoc,50\n2025-06-01T10:00:00Z,BatSoc,51';
    const file = new File([csv], 'old.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: async () => csv }); // jsdom's File reads no text
    fireEvent.change(await screen.findByTestId('history-file'), { target: { files: [file] } });
    const errors = await screen.findByTestId('history-errors');
    expect(errors.textContent).toContain('Čas leží mimo rozsah, který lze importovat: od 1. 1. 2000');
    expect((screen.getByTestId('history-import') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps users without the integrations module out, and calls nothing', async () => {
    __setCurrentUser({ ...__fixtures.currentUser(), modules: ['monitoring'] });
    await open('/integrations');
    expect(await screen.findByTestId('module-no-access')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(apiPost).not.toHaveBeenCalledWith('integration/key/list', expect.anything(), expect.anything());
  });
});
