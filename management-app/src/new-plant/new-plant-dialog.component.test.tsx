// The new-plant dialog with the shared-utils mock: no thing name to choose (the server issues it), and
// once created, what the gateway needs shown once with a copy button each: thing name, username, password.
import React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HelioAppFrame, i18n, type GatewayLogin, type PlantDetail } from '@helio/shared-utils';
import { apiPost, queryClient, showToast, __setSignedIn } from '@helio/shared-utils/mock';
import { plantDetail } from '../testing/fixtures';
import { NewPlantDialog } from './new-plant-dialog.component';

const ISSUED = 'plant-0k4c2q9v1m3n5p7r8s6t0u2v4a';
const CREATED: { plant: PlantDetail; gatewayLogin: GatewayLogin } = {
  plant: plantDetail({ id: 'p-new', name: 'Jihlava – Hala', thingName: ISSUED, location: 'Jihlava' }),
  gatewayLogin: { username: `gw-${ISSUED}`, password: 'Once-only-password-0123456789abcd' },
};
const writeText = jest.fn<Promise<void>, [string]>();

afterEach(async () => {
  await act(() => i18n.changeLanguage('cs'));
});

beforeEach(() => {
  queryClient.clear();
  __setSignedIn();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'plant/create') return CREATED;
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

const open = (onClose = jest.fn()) =>
  render(
    <HelioAppFrame>
      <NewPlantDialog onClose={onClose} />
    </HelioAppFrame>,
  );
const fill = (field: string, value: string) =>
  fireEvent.change(document.getElementById(`new-plant-${field}`) as HTMLElement, { target: { value } });

/** Name, place and size: all a plant needs (latitude typed with a Czech decimal comma). */
const fillRequired = (name: string) => {
  fill('name', name);
  fill('location', 'Jihlava');
  fill('latitude', '49,4');
  fill('longitude', '15.59');
  fill('pvPeakKw', '12.5');
};
const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('the new-plant dialog', () => {
  it('asks for no thing name and sends none', async () => {
    open();
    await screen.findByTestId('new-plant-form');
    expect(document.getElementById('new-plant-thingName')).toBeNull();
    expect(screen.queryByText(/název zařízení/i)).toBeNull();
    fillRequired('Jihlava – Hala');
    fireEvent.click(screen.getByTestId('new-plant-create'));
    await waitFor(() => expect(apiPost).toHaveBeenCalledWith('plant/create', expect.anything()));
    const [, body] = apiPost.mock.calls.find(([path]) => path === 'plant/create') ?? [];
    expect(body).toEqual({
      name: 'Jihlava – Hala',
      location: 'Jihlava',
      address: '',
      timezone: 'Europe/Prague',
      latitude: 49.4,
      longitude: 15.59,
      pvPeakKw: 12.5,
      batteryKwh: null,
      chargerKw: null,
    });
  });

  it('shows the issued thing name, the MQTT username and the password once, each with a copy button', async () => {
    const onClose = jest.fn();
    open(onClose);
    await screen.findByTestId('new-plant-form');
    fillRequired('Jihlava – Hala');
    fireEvent.click(screen.getByTestId('new-plant-create'));
    const login = await screen.findByTestId('gateway-login');
    expect(valueOf('gateway-thing-name')).toBe(ISSUED);
    expect(valueOf('gateway-username')).toBe(`gw-${ISSUED}`);
    expect(valueOf('gateway-password')).toBe('Once-only-password-0123456789abcd');
    expect(within(login).getByText('Zobrazeno jen tentokrát')).toBeTruthy();
    expect(within(login).getByText(`Brána publikuje do helio/things/${ISSUED}/shadow/reported.`)).toBeTruthy();

    for (const [label, value] of [
      ['Název zařízení (thing name, vydaný serverem)', ISSUED],
      ['Uživatelské jméno (a MQTT client id)', `gw-${ISSUED}`],
      ['Heslo', 'Once-only-password-0123456789abcd'],
    ]) {
      fireEvent.click(within(login).getByRole('button', { name: `Kopírovat: ${label}` }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(value));
      await waitFor(() => expect(showToast).toHaveBeenLastCalledWith(expect.objectContaining({ message: `Zkopírováno: ${label}` })));
    }
    fireEvent.click(screen.getByTestId('gateway-login-done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    open();
    await screen.findByTestId('new-plant-form');
    fillRequired('Hall');
    fireEvent.click(screen.getByTestId('new-plant-create'));
    const login = await screen.findByTestId('gateway-login');
    expect(within(login).getByText('Thing name (issued by the server)')).toBeTruthy();
    expect(within(login).getByRole('button', { name: 'Copy Thing name (issued by the server)' })).toBeTruthy();
    expect(within(login).getByText(/Copy the thing name, username and password into the gateway now/)).toBeTruthy();
  });
});
