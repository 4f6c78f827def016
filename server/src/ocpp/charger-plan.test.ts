// ev/charger/plan through the real app on SQLite and PostgreSQL: an OCPP charger added without a device
// row gets a departure plan at its own current limit; a SoC target counts from its vehicle's battery and
// SoC, and is refused without one; a viewer of the plant may plan, another tenant finds no charger.
import { randomUUID } from 'node:crypto';
import { EV_PHASE_VOLTAGE, type EvEndpoints, type EvPlan } from '@helio/contracts';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';

type ChargerList = EvEndpoints['ev/charger/list']['response'];
type Refusal = { error: { code: string; details: { field?: string; reason?: string } } };

describe.each(databaseTargets())('a charger’s departure plan on $name', (target) => {
  const rig = ocppApiRig(target, 'ev-plan');
  const { call } = rig;
  let plantId: string;
  let viewer: string;
  let theirOwner: string;
  beforeAll(() => ({ plantId, viewer, theirOwner } = rig));
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  const addCharger = async () => (await rig.add(`Box ${randomUUID().slice(0, 4)}`)).login.chargerId;

  it('plans an OCPP charger without a device row at its current limit on its phases', async () => {
    const chargerId = await addCharger();
    const listed = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === chargerId)!;
    expect(listed.deviceId).toBeNull();
    const response = await call('ev/charger/plan', { chargerId, targetKwh: 10, departure: inHours(10) }, viewer);
    expect(response.statusCode).toBe(200);
    const plan = response.json<EvPlan>();
    expect(plan).toMatchObject({ chargerId, deviceId: null, neededKwh: 10, reachable: true });
    expect(plan.chargerW).toBe(listed.maxCurrentA * listed.hwPhases * EV_PHASE_VOLTAGE);
    expect(plan.plannedKwh).toBeCloseTo(10, 1);
  });

  it('turns a SoC target into energy with the vehicle’s battery, and refuses one without a SoC to count from', async () => {
    const chargerId = await addCharger();
    const noSoc = await call('ev/charger/plan', { chargerId, targetSocPct: 80, departure: inHours(10) });
    expect(noSoc.statusCode).toBe(400);
    expect(noSoc.json<Refusal>().error).toMatchObject({ code: 'EvPlanInvalid', details: { field: 'targetSocPct', reason: 'socUnknown' } });

    const { vehicleId } = (
      await call('ev/vehicle/add', { plantId, name: `Car ${randomUUID().slice(0, 4)}`, capacityKwh: 60, chargeLimitPct: 90, socPct: 30 })
    ).json<{ vehicleId: string }>();
    expect((await call('ev/charger/vehicle', { chargerId, vehicleId })).statusCode).toBe(200);
    const planned = await call('ev/charger/plan', { chargerId, targetSocPct: 80, departure: inHours(10) });
    expect(planned.statusCode).toBe(200);
    expect(planned.json<EvPlan>().neededKwh).toBeCloseTo(30); // 50 % of 60 kWh
    const above = await call('ev/charger/plan', { chargerId, targetSocPct: 95, departure: inHours(10) });
    expect(above.json<Refusal>().error).toMatchObject({
      code: 'EvPlanInvalid',
      details: { field: 'targetSocPct', reason: 'aboveChargeLimit' },
    });
  });

  it('refuses a departure beyond the horizon, and finds no charger of another tenant', async () => {
    const chargerId = await addCharger();
    const late = await call('ev/charger/plan', { chargerId, targetKwh: 5, departure: inHours(100) });
    expect(late.json<Refusal>().error).toMatchObject({
      code: 'EvPlanInvalid',
      details: { field: 'departure', reason: 'departureOutOfRange' },
    });
    expect((await call('ev/charger/plan', { chargerId, targetKwh: 5, departure: inHours(5) }, theirOwner)).statusCode).toBe(404);
  });
});
