// The demo simulator runs only plants marked simulated (the demo plants): a plant a tenant creates is
// a real gateway's, so starting with SIMULATOR on neither rotates its MQTT password nor writes
// made-up history or reports for it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DEMO_TENANTS } from '../../demo/demo-data';
import { seedDemoData } from '../../demo/seed';
import { databaseTargets } from '../../testing/databases';
import { testConfig } from '../../testing/test-app';
import { setNewGatewayPassword } from '../mqtt/gateway-credentials';
import { startDevices, type DeviceServices } from '../services';
import { insertPlant, insertTenant, recordingLog } from '../test-fixtures';
import { until } from '../../testing/until';

const DEMO_THING_NAMES = DEMO_TENANTS.flatMap((tenant) => tenant.plants.map((plant) => plant.thingName));

describe.each(databaseTargets())('what the simulator runs on $name', (target) => {
  let db: Kysely<Database>;
  let devices: DeviceServices | undefined;
  const real = `real-${Date.now()}`;
  const realCredential = () =>
    db
      .selectFrom('gateway_credentials')
      .innerJoin('plants', 'plants.id', 'gateway_credentials.plant_id')
      .select('gateway_credentials.password_hash')
      .where('plants.thing_name', '=', real)
      .executeTakeFirst();

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, real);
    const plant = await db.selectFrom('plants').select(['id', 'thing_name']).where('thing_name', '=', real).executeTakeFirstOrThrow();
    await setNewGatewayPassword(db, plant);
  });
  afterAll(async () => {
    await devices?.close();
    await target.destroy();
  });

  it('marks exactly the demo plants simulated', async () => {
    const simulated = await db.selectFrom('plants').select('thing_name').where('simulated', '=', 1).orderBy('thing_name').execute();
    expect(simulated.map((p) => p.thing_name)).toEqual([...DEMO_THING_NAMES].sort());
  });

  it('simulates the demo plants and leaves a real plant’s password, history and shadow alone', async () => {
    const before = await realCredential();
    const config = testConfig({ mqttPort: 0, simulator: true, simIntervalMs: 100, simHistoryDays: 1 });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `sim-real-${Date.now()}` });
    const demo = DEMO_THING_NAMES[0] ?? '';
    await until(async () => ((await devices?.shadows.get(demo))?.state.reported.ActPwrPve !== undefined ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await realCredential())?.password_hash).toBe(before?.password_hash);
    const samples = await db.selectFrom('metric_samples').select('ts').where('thing_name', '=', real).limit(1).execute();
    expect(samples).toEqual([]);
    expect((await devices.shadows.get(real))?.state.reported ?? {}).toEqual({});
  });
});
