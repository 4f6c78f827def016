import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTargets } from '../../testing/databases';
import { gatewayPasswordIsCurrent, setNewGatewayPassword } from '../mqtt/gateway-credentials';
import { saveSimulatorPasswords, simulatorPasswords } from './simulator-keystore';
import { insertPlant, insertTenant } from '../test-fixtures';

describe.each(databaseTargets())('simulator keystore on $name', (target) => {
  afterAll(() => target.destroy());

  it('keeps current passwords, provisions missing and stale ones, and stores them owner-only', async () => {
    const db = await target.create();
    const tenant = await insertTenant(db);
    for (const thing of ['ks-seeded', 'ks-new', 'ks-rotated']) await insertPlant(db, tenant, thing);
    const plants = await db.selectFrom('plants').select(['id', 'thing_name']).orderBy('thing_name').execute();
    const byThing = (name: string) => plants.find((p) => p.thing_name === name) as { id: string; thing_name: string };
    const seeded = await setNewGatewayPassword(db, byThing('ks-seeded'));
    const rotatedAway = await setNewGatewayPassword(db, byThing('ks-rotated'));
    await setNewGatewayPassword(db, byThing('ks-rotated')); // rotated since the keystore got it
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helio-ks-')), 'simulator-gateways.json');
    await saveSimulatorPasswords(
      file,
      new Map([
        ['ks-seeded', seeded.password],
        ['ks-rotated', rotatedAway.password],
      ]),
    );

    const { passwords, provisioned } = await simulatorPasswords(db, file, plants);
    expect(provisioned).toBe(2);
    expect(passwords.get('ks-seeded')).toBe(seeded.password);
    for (const thing of ['ks-seeded', 'ks-new', 'ks-rotated']) {
      await expect(gatewayPasswordIsCurrent(db, thing, passwords.get(thing) ?? '')).resolves.toBe(true);
    }
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(Object.fromEntries(passwords));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await expect(simulatorPasswords(db, file, plants)).resolves.toMatchObject({ provisioned: 0 });
  });
});
