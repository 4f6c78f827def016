import fs from 'node:fs';
import path from 'node:path';
import { databaseTargets } from '../../testing/databases';
import { testConfig } from '../../testing/test-app';
import { setUpBroker } from './broker-setup';
import { setNewGatewayPassword, verifyMosquittoHash } from './gateway-credentials';
import { insertPlant, insertTenant, recordingLog } from '../test-fixtures';

describe.each(databaseTargets())('broker setup for an external Mosquitto ($name)', (target) => {
  afterAll(() => target.destroy());

  it('writes the password and ACL files before connecting, and rewrites them when credentials change', async () => {
    const db = await target.create();
    await insertPlant(db, await insertTenant(db), 'setup-a');
    const plant = await db.selectFrom('plants').select(['id', 'thing_name']).executeTakeFirstOrThrow();
    const first = await setNewGatewayPassword(db, plant);
    // Nothing listens on port 1: setting up must not need the broker.
    const config = testConfig({ mqttUrl: 'mqtt://127.0.0.1:1', mqttPassword: 'server-pw' });
    const setup = await setUpBroker(db, config, recordingLog());
    expect(setup.serverLogin).toEqual({ username: 'helio-server', password: 'server-pw' });
    const passwd = path.join(config.dataDir, 'mosquitto', 'passwd');
    const hashOf = (user: string) =>
      fs
        .readFileSync(passwd, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${user}:`))
        ?.slice(user.length + 1) ?? '';
    await expect(verifyMosquittoHash('server-pw', hashOf('helio-server'))).resolves.toBe(true);
    await expect(verifyMosquittoHash(first.password, hashOf('gw-setup-a'))).resolves.toBe(true);
    expect(fs.readFileSync(path.join(config.dataDir, 'mosquitto', 'acl'), 'utf8')).toContain('user gw-setup-a\n');
    expect(fs.statSync(passwd).mode & 0o777).toBe(0o600);

    const second = await setNewGatewayPassword(db, plant);
    await setup.credentialsChanged('gw-setup-a');
    await expect(verifyMosquittoHash(second.password, hashOf('gw-setup-a'))).resolves.toBe(true);
    await expect(verifyMosquittoHash(first.password, hashOf('gw-setup-a'))).resolves.toBe(false);
    await setup.close();
  });
});
