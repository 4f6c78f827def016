// The plant's vehicles and a charger's vehicle, price limit and weekly plan on /ev: the forms judge
// what is typed (Czech decimals too) before anything is sent, and send what the contract takes.
import React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OcppChargerView, VehicleView } from '@helio/contracts';
import { HelioAppFrame } from '@helio/shared-utils';
import { __setSignedIn, apiPost } from '@helio/shared-utils/mock';
import { Root } from '../root.component';
import { ocppChargerView } from './test-charger';
import { parseDecimal } from './vehicles.resource';

const ocpp = ocppChargerView;
let charger: OcppChargerView;
let vehicles: VehicleView[];
const calls = (path: string) => apiPost.mock.calls.filter(([called]) => called === path).map(([, body]) => body);

beforeEach(() => {
  __setSignedIn();
  charger = ocpp({ priceLimitCzkKwh: 3, priceNowCzkKwh: 4.25 });
  vehicles = [];
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    if (path === 'ev/chargers') return { chargers: [], truncated: false };
    if (path === 'ev/sessions') return { plantId: 'plant-1', sessions: [], months: [], truncated: false };
    if (path === 'ev/charger/list') return { chargers: [charger], role: 'operator' };
    if (path === 'ev/charger/commands') return { commands: [] };
    if (path === 'ev/charger/sessions') return { sessions: [] };
    if (path === 'ev/id-tag/list') return { idTags: [], role: 'operator' };
    if (path === 'ev/vehicle/list') return { vehicles, role: 'operator' };
    if (path === 'ev/vehicle/add') {
      const added = { vehicleId: 'v-1', plantId: 'plant-1', socSource: 'manual', manualSocAt: null, chargerIds: [], ...(body as object) };
      const v = added as unknown as VehicleView;
      vehicles = [{ ...v, manualSocPct: v.socPct }];
      return vehicles[0];
    }
    if (path === 'ev/vehicle/update') {
      const { socPct } = body as { socPct: number | null };
      vehicles = vehicles.map((v) => ({ ...v, socPct, manualSocPct: socPct }));
      return vehicles[0];
    }
    if (path === 'ev/charger/price-limit') return body;
    if (path === 'ev/charger/weekly-plan') return { weeklyPlan: (body as { weeklyPlan: unknown }).weeklyPlan, nextDeparture: null };
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

describe('/ev vehicles and a charger’s planning', () => {
  it('reads decimals as people type them', () => {
    expect([parseDecimal('77,5'), parseDecimal(' 3.25 '), parseDecimal('−0,5'), parseDecimal('')]).toEqual([77.5, 3.25, -0.5, Number.NaN]);
    expect(parseDecimal('7a')).toBeNaN();
  });

  it('refuses a vehicle the rule finds wrong without sending it, and adds a right one', async () => {
    show();
    const section = await screen.findByTestId('vehicles');
    fireEvent.change(await within(section).findByLabelText('Název'), { target: { value: 'Enyaq' } });
    fireEvent.change(within(section).getByLabelText('Kapacita baterie (kWh)'), { target: { value: '0' } });
    fireEvent.submit(within(section).getByTestId('vehicle-form'));
    expect(await within(section).findByText('Kapacita musí být větší než 0 a nejvýše 200 kWh.')).toBeTruthy();
    expect(calls('ev/vehicle/add')).toEqual([]);
    fireEvent.change(within(section).getByLabelText('Kapacita baterie (kWh)'), { target: { value: '77,5' } });
    fireEvent.change(within(section).getByLabelText('Stav nabití (%, nepovinné)'), { target: { value: '30' } });
    fireEvent.submit(within(section).getByTestId('vehicle-form'));
    await waitFor(() =>
      expect(calls('ev/vehicle/add')).toEqual([{ plantId: 'plant-1', name: 'Enyaq', capacityKwh: 77.5, chargeLimitPct: 80, socPct: 30 }]),
    );
    expect((await within(section).findByTestId('vehicle-soc')).textContent).toBe('30\u00a0% (zadáno ručně)');

    // The SoC entered by hand, changed in its row: the other fields go with it as they are.
    const soc = within(section).getByLabelText('Zadaný stav nabití vozidla Enyaq (%)');
    fireEvent.change(soc, { target: { value: '45,5' } });
    fireEvent.submit(within(section).getByTestId('vehicle-soc-form'));
    await waitFor(() =>
      expect(calls('ev/vehicle/update')).toEqual([
        { plantId: 'plant-1', vehicleId: 'v-1', name: 'Enyaq', capacityKwh: 77.5, chargeLimitPct: 80, socPct: 45.5 },
      ]),
    );
  });

  it('shows the price now against the limit, and saves a new limit typed with a comma', async () => {
    show();
    const card = await screen.findByTestId('charger-planning');
    expect(within(card).getByTestId('charger-price-state').textContent).toBe(
      'Cena teď 4,25\u00a0Kč/kWh je nad limitem 3,00\u00a0Kč/kWh: nabíjí se jen z přebytku FVE.',
    );
    fireEvent.change(within(card).getByLabelText('Nabíjet ze sítě jen pod cenou'), { target: { value: '2,5' } });
    fireEvent.click(within(card).getByTestId('charger-price-limit-save'));
    await waitFor(() => expect(calls('ev/charger/price-limit')).toEqual([{ chargerId: 'c-1', priceLimitCzkKwh: 2.5 }]));
  });

  it('saves a weekly plan with its weekdays in order, and wants at least one day', async () => {
    show();
    const form = await screen.findByTestId('weekly-plan');
    fireEvent.click(within(form).getByLabelText('Ne'));
    fireEvent.click(within(form).getByLabelText('Po'));
    fireEvent.change(within(form).getByLabelText('Odjezd v'), { target: { value: '06:45' } });
    fireEvent.change(within(form).getByLabelText('Cílový stav nabití'), { target: { value: '85' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(calls('ev/charger/weekly-plan')).toEqual([
        { chargerId: 'c-1', weeklyPlan: { weekdays: [2, 3, 4, 5, 7], time: '06:45', targetSocPct: 85 } },
      ]),
    );
    for (const day of ['Út', 'St', 'Čt', 'Pá', 'Ne']) fireEvent.click(within(form).getByLabelText(day));
    expect(within(form).getByText('Vyberte aspoň jeden den.')).toBeTruthy();
    expect((within(form).getByTestId('weekly-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
