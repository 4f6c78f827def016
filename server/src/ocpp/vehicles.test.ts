// A plant's vehicles, a charger's vehicle, price limit and weekly plan through the real app on SQLite
// and PostgreSQL: who may change them, another tenant's plant not found, each refusal with its
// declared code and field; the plan turning a SoC target into energy with the vehicle's battery (the
// SoC entered when the charger sends none) and refusing a target above its charge limit; a weekly
// plan's next departure on the plant's wall clock.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EvEndpoints, EvPlan } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import { ocppDb } from './tables';

type Vehicle = EvEndpoints['ev/vehicle/add']['response'];
type Vehicles = EvEndpoints['ev/vehicle/list']['response'];
type ChargerList = EvEndpoints['ev/charger/list']['response'];
type Weekly = EvEndpoints['ev/charger/weekly-plan']['response'];

describe.each(databaseTargets())('vehicles, price limits and weekly plans on $name', (target) => {
  const rig = ocppApiRig(target, 'ev-veh');
  const { call } = rig;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let plantId: string;
  let thing: string;
  let theirPlantId: string;
  let owner: string;
  let viewer: string;
  let theirOwner: string;
  beforeAll(() => ({ db, devices, plantId, thing, theirPlantId, owner, viewer, theirOwner } = rig));
  /** A schema refusal's code and the first field it names. */
  const schemaRefusal = (body: { error: { code: string; details: Array<{ instancePath: string }> } }) => [
    body.error.code,
    body.error.details[0]?.instancePath,
  ];
  const car = { name: 'Škoda Enyaq', capacityKwh: 60, chargeLimitPct: 80, socPct: 30 };

  it('adds a vehicle for an operator of the plant, refusing bad fields with their code and a name the plant has', async () => {
    const added = await call('ev/vehicle/add', { plantId, ...car });
    expect(added.statusCode).toBe(200);
    expect(added.json<Vehicle>()).toMatchObject({ ...car, socSource: 'manual', manualSocPct: 30, chargerIds: [] });

    const refused = async (body: object, status: number) => {
      const response = await call('ev/vehicle/add', { plantId, ...car, name: 'Other', ...body });
      expect(response.statusCode).toBe(status);
      return response.json<{ error: { code: string; details: Record<string, unknown> } }>().error;
    };
    expect(await refused({ name: 'škoda ENYAQ' }, 409)).toMatchObject({
      code: 'EvVehicleInvalid',
      details: { field: 'name', reason: 'nameTaken' },
    });
    expect(await refused({ name: '   ' }, 400)).toMatchObject({
      code: 'EvVehicleInvalid',
      details: { field: 'name', reason: 'nameBlank' },
    });
    expect(await refused({ chargeLimitPct: 10 }, 400)).toMatchObject({
      code: 'EvVehicleInvalid',
      details: { field: 'chargeLimitPct', reason: 'chargeLimit', minPct: 20 },
    });
    expect(schemaRefusal({ error: await refused({ capacityKwh: 0 }, 400) } as never)).toEqual(['BadRequest', '/capacityKwh']);
    expect(schemaRefusal({ error: await refused({ socPct: 120 }, 400) } as never)).toEqual(['BadRequest', '/socPct']);

    expect((await call('ev/vehicle/add', { plantId, ...car, name: 'Viewer’s' }, viewer)).statusCode).toBe(403);
    expect((await call('ev/vehicle/add', { plantId, ...car, name: 'Theirs' }, theirOwner)).statusCode).toBe(404);
    expect((await call('ev/vehicle/list', { plantId: theirPlantId })).statusCode).toBe(404);
    const listed = (await call('ev/vehicle/list', { plantId }, viewer)).json<Vehicles>();
    expect(listed.vehicles.map((v) => v.name)).toEqual(['Škoda Enyaq']);
    expect(listed.role).toBe('viewer');
  });

  it('assigns a vehicle to a charger; the plan turns a SoC target into energy with its battery and keeps to its charge limit', async () => {
    const device = (
      await call('device/create', { plantId, kind: 'charger', name: 'Garáž', serial: randomUUID().slice(0, 8), ratedPowerKw: 11 })
    ).json<{ id: string }>();
    const charger = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.deviceId === device.id)!;
    const vehicle = (await call('ev/vehicle/list', { plantId })).json<Vehicles>().vehicles[0]!;
    const departure = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const plan = (body: object) => call('ev/plan', { deviceId: device.id, departure, ...body });

    // No vehicle, no car reporting: a SoC target cannot be planned.
    expect((await plan({ targetSocPct: 80 })).json()).toMatchObject({
      error: { code: 'EvPlanInvalid', details: { reason: 'socUnknown' } },
    });

    expect((await call('ev/charger/vehicle', { chargerId: charger.chargerId, vehicleId: vehicle.vehicleId }, viewer)).statusCode).toBe(403);
    const assigned = await call('ev/charger/vehicle', { chargerId: charger.chargerId, vehicleId: vehicle.vehicleId });
    expect(assigned.json()).toEqual({ vehicleId: vehicle.vehicleId });
    const theirs = (await call('ev/vehicle/add', { plantId: theirPlantId, ...car }, theirOwner)).json<Vehicle>();
    expect((await call('ev/charger/vehicle', { chargerId: charger.chargerId, vehicleId: theirs.vehicleId })).json()).toMatchObject({
      error: { code: 'VehicleNotFound' },
    });

    // 30 % entered, 80 % asked of a 60 kWh battery: 30 kWh.
    const planned = await plan({ targetSocPct: 80 });
    expect(planned.statusCode).toBe(200);
    expect(planned.json<EvPlan>().neededKwh).toBe(30);
    expect((await plan({ targetSocPct: 90 })).json()).toMatchObject({
      error: { code: 'EvPlanInvalid', details: { field: 'targetSocPct', reason: 'aboveChargeLimit', chargeLimitPct: 80 } },
    });
    // The charger's SoC, while the car on it sends one, goes before the one entered.
    await devices.shadows.applyReported(thing, { EvConnected: true, EvCarSoc: 50 }, Date.now());
    expect((await plan({ targetSocPct: 80 })).json<EvPlan>().neededKwh).toBe(18);
    const listed = (await call('ev/vehicle/list', { plantId })).json<Vehicles>().vehicles[0]!;
    expect(listed).toMatchObject({ socPct: 50, socSource: 'charger', manualSocPct: 30, chargerIds: [charger.chargerId] });

    // Removed: unassigned from its charger.
    expect((await call('ev/vehicle/remove', { plantId, vehicleId: vehicle.vehicleId })).statusCode).toBe(200);
    const row = await ocppDb(db).selectFrom('chargers').select('vehicle_id').where('id', '=', charger.chargerId).executeTakeFirstOrThrow();
    expect(row.vehicle_id).toBeNull();
  });

  it('keeps an OCPP charger’s price limit, refusing one out of range and any on a gateway’s charger', async () => {
    const login = (await call('ev/charger/add', { plantId, chargePointId: `CP-${randomUUID().slice(0, 8)}`, name: 'Wallbox' })).json<
      EvEndpoints['ev/charger/add']['response']
    >();
    expect((await call('ev/charger/price-limit', { chargerId: login.chargerId, priceLimitCzkKwh: 3.5 })).json()).toEqual({
      priceLimitCzkKwh: 3.5,
    });
    const listed = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === login.chargerId);
    expect(listed).toMatchObject({ priceLimitCzkKwh: 3.5 });
    expect(schemaRefusal((await call('ev/charger/price-limit', { chargerId: login.chargerId, priceLimitCzkKwh: 500 })).json())).toEqual([
      'BadRequest',
      '/priceLimitCzkKwh',
    ]);
    expect((await call('ev/charger/price-limit', { chargerId: login.chargerId, priceLimitCzkKwh: 1 }, viewer)).statusCode).toBe(403);
    const gateway = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.driver === 'gateway')!;
    const refused = await call('ev/charger/price-limit', { chargerId: gateway.chargerId, priceLimitCzkKwh: 3 });
    expect(refused.statusCode).toBe(409);
    expect((await call('ev/charger/price-limit', { chargerId: login.chargerId, priceLimitCzkKwh: null })).json()).toEqual({
      priceLimitCzkKwh: null,
    });
  });

  it('keeps an OCPP charger’s weekly plan and answers its next departure on the plant’s wall clock', async () => {
    const chargers = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers;
    const charger = chargers.find((c) => c.driver === 'ocpp')!;
    const gateway = chargers.find((c) => c.driver === 'gateway')!;
    const body = { chargerId: charger.chargerId, weeklyPlan: { weekdays: [5, 1], time: '07:15', targetSocPct: 80 } };
    const saved = await call('ev/charger/weekly-plan', body);
    expect(saved.statusCode).toBe(200);
    const { weeklyPlan, nextDeparture } = saved.json<Weekly>();
    expect(weeklyPlan).toEqual({ weekdays: [1, 5], time: '07:15', targetSocPct: 80 });
    // A Monday or a Friday, 07:15 in Prague (the plant's zone), within the coming week.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(Date.parse(nextDeparture!));
    expect(local).toMatch(/^(Mon|Fri) 07:15$/);
    expect(
      (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === charger.chargerId),
    ).toMatchObject({
      weeklyPlan,
      nextDeparture,
    });
    // A gateway's charger: its gateway runs its charging, no weekly plan runs for it.
    expect((await call('ev/charger/weekly-plan', { ...body, chargerId: gateway.chargerId })).statusCode).toBe(409);

    const bad = (weekly: object) =>
      call('ev/charger/weekly-plan', { chargerId: charger.chargerId, weeklyPlan: { ...body.weeklyPlan, ...weekly } });
    expect(schemaRefusal((await bad({ time: '25:00' })).json())).toEqual(['BadRequest', '/weeklyPlan/time']);
    expect(schemaRefusal((await bad({ weekdays: [] })).json())).toEqual(['BadRequest', '/weeklyPlan/weekdays']);
    expect((await bad({ weekdays: [8] })).statusCode).toBe(400);
    expect((await call('ev/charger/weekly-plan', { chargerId: charger.chargerId, weeklyPlan: null })).json()).toEqual({
      weeklyPlan: null,
      nextDeparture: null,
    });
  });
});
