import { verifyPassword } from '../auth/passwords';
import { databaseTargets } from '../testing/databases';
import { DEMO_ACCOUNTS } from './demo-data';
import { seedDemoData } from './seed';

describe.each(databaseTargets())('demo data on $name', (target) => {
  afterAll(() => target.destroy());

  it('creates two organisations, their plants and accounts once; seeding again changes nothing', async () => {
    const db = await target.create();
    const seeded = await seedDemoData(db);
    expect(seeded.created).toBe(true);
    await expect(seedDemoData(db)).resolves.toEqual({ created: false });

    const tenants = await db.selectFrom('tenants').select('name').orderBy('name').execute();
    expect(tenants.map((t) => t.name)).toEqual(['Helio Demo', 'Other Energy s.r.o.']);
    const plants = await db.selectFrom('plants').select(['thing_name', 'pv_peak_kw', 'battery_kwh', 'charger_kw']).execute();
    expect(plants).toHaveLength(4);
    expect(plants).toEqual(
      expect.arrayContaining([
        { thing_name: 'demo-brno-01', pv_peak_kw: 9.8, battery_kwh: 10, charger_kw: 11 },
        { thing_name: 'demo-olomouc-02', pv_peak_kw: 49.5, battery_kwh: 30, charger_kw: null },
        { thing_name: 'demo-plzen-03', pv_peak_kw: 24, battery_kwh: null, charger_kw: 22 },
      ]),
    );
    const users = await db.selectFrom('users').select(['email', 'password_hash', 'role', 'modules']).execute();
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const viewer = users.find((u) => u.email === 'viewer@helio.local');
    expect(JSON.parse(viewer?.modules ?? '')).toEqual(['monitoring', 'notifications']);
    for (const account of DEMO_ACCOUNTS) {
      const user = users.find((u) => u.email === account.email);
      await expect(verifyPassword(account.password, user?.password_hash ?? '')).resolves.toBe(true);
    }
  });

  it('gives every demo plant gateway credentials whose password only the seed’s answer knows', async () => {
    const db = await target.create();
    const seeded = await seedDemoData(db);
    const rows = await db
      .selectFrom('gateway_credentials')
      .innerJoin('plants', 'plants.id', 'gateway_credentials.plant_id')
      .select(['plants.thing_name', 'gateway_credentials.username', 'gateway_credentials.password_hash'])
      .execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const password = seeded.gatewayPasswords?.get(row.thing_name) ?? '';
      expect(row.username).toBe(`gw-${row.thing_name}`);
      expect(row.password_hash).not.toContain(password);
      await expect(verifyPassword(password, row.password_hash)).resolves.toBe(true);
    }
  });

  it('gives the demo operator and viewer every plant of their organisation, with that role on it', async () => {
    const db = await target.create();
    await seedDemoData(db);
    const rows = await db
      .selectFrom('plant_access')
      .innerJoin('users', 'users.id', 'plant_access.user_id')
      .innerJoin('plants', 'plants.id', 'plant_access.plant_id')
      .select(['users.email', 'plant_access.role', 'plants.tenant_id as plant_tenant', 'users.tenant_id as user_tenant'])
      .execute();
    const plantsOfDemo = await db
      .selectFrom('plants')
      .innerJoin('tenants', 'tenants.id', 'plants.tenant_id')
      .select('plants.id')
      .where('tenants.name', '=', 'Helio Demo')
      .execute();
    const of = (email: string) => rows.filter((r) => r.email === email);
    expect(of('operator@helio.local').map((r) => r.role)).toEqual(plantsOfDemo.map(() => 'operator'));
    expect(of('viewer@helio.local').map((r) => r.role)).toEqual(plantsOfDemo.map(() => 'viewer'));
    expect(plantsOfDemo.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.plant_tenant === r.user_tenant)).toBe(true);
    expect(of('admin@helio.local')).toEqual([]); // sees every plant as a tenant owner
  });

  it('leaves a database that already has organisations alone', async () => {
    const db = await target.create();
    await db.insertInto('tenants').values({ id: 't', name: 'Real customer', created_at: new Date().toISOString() }).execute();
    await expect(seedDemoData(db)).resolves.toEqual({ created: false });
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
