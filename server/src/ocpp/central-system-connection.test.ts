// The central system's connections over the real server (HTTP upgrade on the console's port) against
// charge points made with ocpp-rpc's own client in strict mode: who may connect, BootNotification, a
// second connection with the same id, malformed frames and unknown actions, a flood from one charger.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import type { RPCClient } from 'ocpp-rpc';
import { until } from '../testing/until';
import { removeCharger } from './chargers';
import { ocppDb } from './tables';
import { BOOT, chargePoint } from './test-charge-point';

describe.each(databaseTargets())('OCPP connections to the central system on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-conn', {
    callTimeoutMs: 2000,
    // Frozen in effect: a burst of 20 calls, then none for a long while (the flood test counts exactly).
    flood: { perSecond: 0.001, burst: 20, maxPending: 10 },
  });
  /** A charger of the plant and a strict charge point for it, connected (not yet booted). */
  const connected = rig.unbooted;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let plantId: string;
  let endpoint: string;
  beforeAll(() => ({ db, devices, plantId, endpoint } = rig));

  it('refuses an unknown charge point and a wrong password at the upgrade', async () => {
    const { cpId } = await connected();
    const refusal = (cp: RPCClient) =>
      cp.connect().then(
        () => 'connected',
        (error: { code?: number }) => error.code,
      );
    expect(await refusal(chargePoint(endpoint, 'NOBODY-1', 'whatever-password-1234'))).toBe(401);
    expect(await refusal(chargePoint(endpoint, cpId, 'not-the-password-00000'))).toBe(401);
    expect(await refusal(chargePoint(endpoint, cpId, undefined))).toBe(401);
    expect(devices.ocpp.holds(cpId)).toBe(false);
  });

  it('accepts the boot of a known charger with the heartbeat interval, and keeps what it told', async () => {
    const { cp, charger } = await connected();
    const boot = (await cp.call('BootNotification', BOOT)) as { status: string; interval: number; currentTime: string };
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBe(300);
    const heartbeat = (await cp.call('Heartbeat', {})) as { currentTime: string };
    expect(Number.isFinite(Date.parse(heartbeat.currentTime))).toBe(true);
    const row = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vendor: 'Wallbox', model: 'Pulsar Plus', firmware: '6.4.12', serial: 'WB-1', connection: 'online' });
    expect(row.last_heartbeat_at).not.toBeNull();
  });

  it('rejects the boot of a charger removed while it was connected', async () => {
    const { cp, charger } = await connected();
    await removeCharger(db, charger.id);
    const boot = (await cp.call('BootNotification', BOOT)) as { status: string };
    expect(boot.status).toBe('Rejected');
  });

  it('replaces the first connection when a second one opens with the same id', async () => {
    const { cp: first, password, cpId, charger } = await connected();
    const closed = new Promise<{ code: number }>((resolve) => first.once('close', resolve));
    const second = chargePoint(endpoint, cpId, password);
    rig.track(second);
    await second.connect();
    expect((await closed).code).toBe(4000);
    expect(((await second.call('BootNotification', BOOT)) as { status: string }).status).toBe('Accepted');
    expect(devices.ocpp.holds(charger.id)).toBe(true);
    const row = await ocppDb(db).selectFrom('chargers').select('connection').where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row.connection).toBe('online');
  });

  it('answers malformed frames and unknown actions with a CALLERROR and goes on serving', async () => {
    const { cp } = await connected();
    const answers: unknown[] = [];
    cp.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) answers.push(JSON.parse(String(message)));
    });
    cp.sendRaw('this is not JSON');
    cp.sendRaw(JSON.stringify([2, 'm-1', 'MakeCoffee', {}]));
    cp.sendRaw(JSON.stringify([2, 'm-2', 'BootNotification', { chargePointVendor: 42 }]));
    cp.sendRaw(JSON.stringify({ not: 'an array' }));
    await until(() => answers.length >= 4);
    expect(answers).toEqual(
      expect.arrayContaining([
        [4, '-1', 'RpcFrameworkError', expect.any(String), {}],
        [4, 'm-1', 'NotImplemented', expect.any(String), {}],
        [4, 'm-2', expect.stringMatching(/Violation/), expect.any(String), expect.any(Object)],
      ]),
    );
    expect(((await cp.call('BootNotification', BOOT)) as { status: string }).status).toBe('Accepted');
    expect(devices.ocpp.stats().badFrames).toBeGreaterThanOrEqual(2);
  });

  it('refuses a flood from one charger without holding back another', async () => {
    const { cp: flooder } = await connected();
    const { cp: neighbour } = await connected();
    const answers: Array<[number, string, string?]> = [];
    flooder.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) answers.push(JSON.parse(String(message)) as [number, string, string?]);
    });
    const FLOOD = 200;
    for (let i = 0; i < FLOOD; i++) flooder.sendRaw(JSON.stringify([2, `f-${i}`, 'Heartbeat', {}]));
    const neighbourBoot = (await neighbour.call('BootNotification', BOOT)) as { status: string };
    expect(neighbourBoot.status).toBe('Accepted');
    await until(() => answers.length >= FLOOD);
    const refused = answers.filter(([type, , code]) => type === 4 && code === 'GenericError').length;
    // At most the burst is admitted while the clock stands still in effect (0.001 calls/s).
    expect(refused).toBeGreaterThanOrEqual(FLOOD - 20);
    expect(answers.filter(([type]) => type === 3).length).toBeGreaterThan(0);
    expect(devices.ocpp.stats().flooded).toBeGreaterThanOrEqual(FLOOD - 20);
  });
});
