import React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { ApiError, HelioProviders, type Device, type Shadow } from '@helio/shared-utils';
import { apiPost, downloadCsv } from '@helio/shared-utils/mock';
import { __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
import DevicesPage from './devices.component';

const BRNO = 'gw-brno-01'; // plant-1, the fixtures' active plant
const battery: Device = {
  id: 'b1',
  plantId: 'plant-1',
  kind: 'battery',
  name: 'Baterie',
  maker: 'Huawei',
  model: 'LUNA2000-10-S0',
  serial: 'HL1',
  firmware: '1',
  ratedPowerKw: 5,
  capacityKwh: 10,
  liveKeys: ['BatSoc', 'ActPwrBat'],
  createdAt: '',
  updatedAt: '',
};
const shadow = (stamp: number): Shadow => ({
  state: { reported: { BatSoc: 64.5, ActPwrBat: -1200 }, desired: {}, delta: {} },
  metadata: { desired: {}, reported: { BatSoc: { timestamp: stamp }, ActPwrBat: { timestamp: stamp } } },
  version: 1,
  timestamp: stamp,
  hasDelta: false,
});
let answer: () => Promise<Device[]>;

beforeEach(() => {
  __setSignedIn();
  answer = async () => [battery];
  apiPost.mockImplementation((async (path: string) => {
    if (path === 'device/list') return answer();
    throw new Error(`unexpected ${path}`);
  }) as unknown as typeof apiPost);
});

const show = async (kind: 'inverter' | 'battery') => {
  render(
    <HelioProviders>
      <DevicesPage kind={kind} />
    </HelioProviders>,
  );
  await act(() => Promise.resolve());
};

describe('the batteries page', () => {
  it("shows each battery's live state of charge and power from the shadow, fresh", async () => {
    __setShadow(BRNO, shadow(Date.now() - 3_000));
    await show('battery');
    const card = await screen.findByTestId('device-card');
    expect(within(card).getByTestId('device-soc').textContent).toMatch(/65\s?%/);
    expect(
      within(card)
        .getAllByTestId('device-value')
        .map((row) => row.getAttribute('data-key')),
    ).toEqual(['BatSoc', 'ActPwrBat']);
    expect(card.textContent).toMatch(/−?-?1,2\s?kW/);
    expect(within(card).queryByTestId('device-stale')).toBeNull();
    expect(apiPost).toHaveBeenCalledWith('device/list', { plantId: 'plant-1', kind: 'battery' }, expect.anything());
  });

  it('marks a battery whose values are older than 60 s as stale', async () => {
    __setShadow(BRNO, shadow(Date.now() - 90_000));
    await show('battery');
    expect(await screen.findByTestId('device-stale')).toBeTruthy();
  });

  it('exports the shown values as CSV', async () => {
    __setShadow(BRNO, shadow(Date.now()));
    await show('battery');
    (await screen.findByTestId('devices-export')).click();
    const [fileName, csv] = downloadCsv.mock.calls[0] as [string, string];
    expect(fileName).toMatch(/^gw-brno-01_batteries_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.split('\r\n')[1]).toContain('Baterie,battery,Huawei,LUNA2000-10-S0,HL1,5,10,BatSoc,64.5,%');
  });
});

describe('the inverters page', () => {
  it('says so when the plant has no inverters', async () => {
    answer = async () => [];
    __setShadow(BRNO, shadow(Date.now()));
    await show('inverter');
    expect(await screen.findByTestId('devices-empty')).toBeTruthy();
  });

  it('offers a retry when the devices cannot be loaded', async () => {
    answer = async () => {
      throw new ApiError(500, 'InternalError', 'boom');
    };
    __setShadow(BRNO, shadow(Date.now()));
    await show('inverter');
    expect(await screen.findByText('Střídače se nepodařilo načíst')).toBeTruthy();
  });
});
