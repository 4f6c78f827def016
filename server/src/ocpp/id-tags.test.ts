// A plant's id tags (RFID cards) and a charger's free-charging switch through the real app on SQLite
// and PostgreSQL: the owner adds, blocks, unblocks and removes cards (audited), anyone who sees the
// plant lists them, another tenant reaches none of it; and a charge point made with ocpp-rpc's own
// strict client is answered by Authorize and StartTransaction as the list says at that moment.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { EvEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';

type IdTags = EvEndpoints['ev/id-tag/list']['response'];
type ChargerList = EvEndpoints['ev/charger/list']['response'];
type Login = EvEndpoints['ev/charger/add']['response'];

describe.each(databaseTargets())('plant id tags on $name', (target) => {
  const rig = ocppApiRig(target, 'idtags');
  const { call } = rig;
  let db: Kysely<Database>;
  let plantId: string;
  let theirPlantId: string;
  let owner: string;
  let operator: string;
  let viewer: string;
  let theirOwner: string;
  let withoutEv: string;
  beforeAll(() => ({ db, plantId, theirPlantId, owner, operator, viewer, theirOwner, withoutEv } = rig));
  const tags = async (token = owner, plant = plantId) => (await call('ev/id-tag/list', { plantId: plant }, token)).json<IdTags>();
  async function connectedCharger() {
    const { chargePointId, login } = await rig.add('Garáž');
    return { cp: await rig.connect(chargePointId, login.password), chargerId: login.chargerId };
  }
  const authorize = async (cp: RPCClient, idTag: string) =>
    ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;
  let startedAt = Date.now() - 3_600_000;
  const startStatus = async (cp: RPCClient, idTag: string) => {
    startedAt += 60_000;
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: new Date(startedAt).toISOString(),
    })) as { idTagInfo: { status: string } };
    return started.idTagInfo.status;
  };

  it('adds a card with its name, lists it to anyone on the plant, and refuses the same card in another case', async () => {
    const added = await call('ev/id-tag/add', { plantId, idTag: 'A1B2C3D4', name: '  Jana  ' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ idTag: 'A1B2C3D4', name: 'Jana', blocked: false });
    const listed = await tags(viewer);
    expect(listed.role).toBe('viewer');
    expect(listed.idTags).toEqual([expect.objectContaining({ idTag: 'A1B2C3D4', name: 'Jana', blocked: false })]);
    const again = await call('ev/id-tag/add', { plantId, idTag: 'a1b2c3d4', name: 'Petr' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'Conflict', details: { field: 'idTag' } } });
    // Another plant's list is its own: the same card may be on it.
    expect((await call('ev/id-tag/add', { plantId: theirPlantId, idTag: 'A1B2C3D4', name: 'Jiná' }, theirOwner)).statusCode).toBe(200);
    expect((await tags()).idTags.map((t) => t.name)).toEqual(['Jana']);
    const audit = await db.selectFrom('audit_events').select('action').where('target_id', '=', plantId).execute();
    expect(audit.map((a) => a.action)).toContain('plants.id_tag_added');
  });

  it('answers Authorize and StartTransaction as the list says: added, blocked, unblocked, removed, free charging', async () => {
    const { cp, chargerId } = await connectedCharger();
    expect(await authorize(cp, 'CARD-7')).toBe('Invalid');
    await call('ev/id-tag/add', { plantId, idTag: 'CARD-7', name: 'Petr' });
    expect(await authorize(cp, 'card-7')).toBe('Accepted');
    expect(await startStatus(cp, 'CARD-7')).toBe('Accepted');

    const blocked = await call('ev/id-tag/block', { plantId, idTag: 'card-7', blocked: true });
    expect(blocked.json()).toMatchObject({ idTag: 'CARD-7', blocked: true });
    expect(await authorize(cp, 'CARD-7')).toBe('Blocked');
    expect(await startStatus(cp, 'CARD-7')).toBe('Blocked');
    expect((await tags()).idTags.find((t) => t.idTag === 'CARD-7')?.blocked).toBe(true);

    await call('ev/id-tag/block', { plantId, idTag: 'CARD-7', blocked: false });
    expect(await authorize(cp, 'CARD-7')).toBe('Accepted');

    expect((await call('ev/id-tag/remove', { plantId, idTag: 'CARD-7' })).json()).toEqual({ ok: true });
    expect(await authorize(cp, 'CARD-7')).toBe('Invalid');
    expect((await tags()).idTags.map((t) => t.idTag)).not.toContain('CARD-7');

    const listed = async () =>
      (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === chargerId);
    expect((await listed())?.freeCharging).toBe(false);
    expect((await call('ev/charger/free-charging', { chargerId, freeCharging: true })).json()).toEqual({ freeCharging: true });
    expect((await listed())?.freeCharging).toBe(true);
    expect(await authorize(cp, 'STRANGER')).toBe('Accepted');
    expect(await startStatus(cp, 'STRANGER')).toBe('Accepted');
    await call('ev/charger/free-charging', { chargerId, freeCharging: false });
    expect(await authorize(cp, 'STRANGER')).toBe('Invalid');

    const actions = (await db.selectFrom('audit_events').select('action').where('target_id', '=', plantId).execute()).map((a) => a.action);
    for (const action of ['plants.id_tag_blocked', 'plants.id_tag_unblocked', 'plants.id_tag_removed', 'plants.charger_free_charging']) {
      expect(actions).toContain(action);
    }
  });

  it('lets only the plant’s owner change cards and free charging; another tenant reaches none of it', async () => {
    await call('ev/id-tag/add', { plantId, idTag: 'OWNED-1', name: 'Eva' });
    const { chargerId } = await connectedCharger();
    for (const token of [operator, viewer]) {
      expect((await call('ev/id-tag/add', { plantId, idTag: 'NEW-1', name: 'x' }, token)).statusCode).toBe(403);
      expect((await call('ev/id-tag/block', { plantId, idTag: 'OWNED-1', blocked: true }, token)).statusCode).toBe(403);
      expect((await call('ev/id-tag/remove', { plantId, idTag: 'OWNED-1' }, token)).statusCode).toBe(403);
      expect((await call('ev/charger/free-charging', { chargerId, freeCharging: true }, token)).statusCode).toBe(403);
    }
    expect((await tags(operator)).role).toBe('operator');
    expect((await call('ev/id-tag/list', { plantId }, withoutEv)).statusCode).toBe(403);
    for (const [path, body] of [
      ['ev/id-tag/list', { plantId }],
      ['ev/id-tag/add', { plantId, idTag: 'NEW-2', name: 'x' }],
      ['ev/id-tag/block', { plantId, idTag: 'OWNED-1', blocked: true }],
      ['ev/id-tag/remove', { plantId, idTag: 'OWNED-1' }],
      ['ev/charger/free-charging', { chargerId, freeCharging: true }],
    ] as const) {
      expect([path, (await call(path, body, theirOwner)).statusCode]).toEqual([path, 404]);
    }
    expect((await tags()).idTags.find((t) => t.idTag === 'OWNED-1')).toMatchObject({ blocked: false });
    const block = await call('ev/id-tag/block', { plantId, idTag: 'NOWHERE', blocked: true });
    expect([block.statusCode, block.json().error.code]).toEqual([404, 'IdTagNotFound']);
    expect((await call('ev/id-tag/remove', { plantId, idTag: 'NOWHERE' })).statusCode).toBe(404);
  });

  it('refuses a card a reader could not send, an empty name and unknown fields', async () => {
    for (const body of [
      { plantId, idTag: 'AB CD', name: 'x' },
      { plantId, idTag: 'x'.repeat(21), name: 'x' },
      { plantId, idTag: 'ČIP', name: 'x' },
      { plantId, idTag: 'OK-1', name: '' },
      { plantId, idTag: 'OK-1', name: 'x', blocked: true },
    ]) {
      expect([body, (await call('ev/id-tag/add', body)).statusCode]).toEqual([body, 400]);
    }
    expect((await tags()).idTags.map((t) => t.idTag)).not.toContain('OK-1');
  });
});
