// The plant's Local Authorization List, over the real server, to charge points made with ocpp-rpc's own
// client in strict mode (which checks the SendLocalList we send against OCPP 1.6's schema): sent whole
// after a boot when the charger holds another version, not when it holds this one or keeps no list,
// and sent again to each connected charger of the plant when its cards change.
import type { RPCClient } from 'ocpp-rpc';
import type { DeviceServices } from '../iot/services';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import { until } from '../testing/until';
import type { LocalAuthorizationList } from './messages';
import { BOOT } from './test-charge-point';

/** A charge point keeping a local list: it answers its version and records every list it is sent. */
function keepingList(cp: RPCClient, version: number) {
  const held = { version, lists: [] as LocalAuthorizationList[] };
  cp.handle('GetLocalListVersion', () => Promise.resolve({ listVersion: held.version }));
  cp.handle('SendLocalList', ({ params }) => {
    const list = params as LocalAuthorizationList;
    held.lists.push(list);
    held.version = list.listVersion;
    return Promise.resolve({ status: 'Accepted' });
  });
  return held;
}

const entries = (list: LocalAuthorizationList | undefined) =>
  (list?.localAuthorizationList ?? []).map((entry) => [entry.idTag, entry.idTagInfo?.status]);

describe.each(databaseTargets())('the local authorization list on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-list');
  let devices: DeviceServices;
  let plantId: string;
  beforeAll(() => ({ devices, plantId } = rig));
  const history = async (chargerId: string) =>
    (await devices.ocpp.commands.list(chargerId)).reverse().map((c) => [c.action, c.state, c.source]);
  const settledHistory = (chargerId: string, count: number) =>
    until(async () => {
      const rows = await history(chargerId);
      return rows.length === count && rows.every(([, state]) => state !== 'pending') && rows;
    }, `${count} settled calls to the charger`);

  it('asks a booted charger nothing while its plant has never had a card', async () => {
    const { cp, charger } = await rig.unbooted();
    const held = keepingList(cp, 0);
    await cp.call('BootNotification', BOOT);
    // The first card is the first change: the charger gets version 1, and nothing was asked at boot.
    expect((await rig.call('ev/id-tag/add', { plantId, idTag: 'CARD-A', name: 'Jana' })).statusCode).toBe(200);
    await until(() => held.lists.length === 1, 'the first list');
    expect(held.lists[0]).toMatchObject({ listVersion: 1, updateType: 'Full' });
    expect(entries(held.lists[0])).toEqual([['CARD-A', 'Accepted']]);
    expect(await settledHistory(charger.id, 1)).toEqual([['SendLocalList', 'accepted', 'system']]);
  });

  it('sends a booted charger the whole list when it holds another version, blocked cards as Blocked', async () => {
    expect((await rig.call('ev/id-tag/add', { plantId, idTag: 'CARD-B', name: 'Petr' })).statusCode).toBe(200);
    expect((await rig.call('ev/id-tag/block', { plantId, idTag: 'card-b', blocked: true })).statusCode).toBe(200);
    const { cp, charger } = await rig.unbooted();
    const held = keepingList(cp, 0);
    await cp.call('BootNotification', BOOT);
    await until(() => held.lists.length === 1, 'the list after the boot');
    expect(held.lists[0]).toMatchObject({ listVersion: 3, updateType: 'Full' });
    expect(entries(held.lists[0])).toEqual([
      ['CARD-A', 'Accepted'],
      ['CARD-B', 'Blocked'],
    ]);
    expect(await settledHistory(charger.id, 2)).toEqual([
      ['GetLocalListVersion', 'accepted', 'system'],
      ['SendLocalList', 'accepted', 'system'],
    ]);
  });

  it('sends nothing after a boot to a charger holding this version or keeping no list', async () => {
    const current = await rig.unbooted();
    const upToDate = keepingList(current.cp, 3);
    const none = await rig.unbooted();
    const noList = keepingList(none.cp, -1);
    await current.cp.call('BootNotification', BOOT);
    await none.cp.call('BootNotification', BOOT);
    expect(await settledHistory(current.charger.id, 1)).toEqual([['GetLocalListVersion', 'accepted', 'system']]);
    expect(await settledHistory(none.charger.id, 1)).toEqual([['GetLocalListVersion', 'accepted', 'system']]);
    // The next change reaches both (a charger that keeps no list says so in its answer), and only it.
    expect((await rig.call('ev/id-tag/remove', { plantId, idTag: 'CARD-B' })).statusCode).toBe(200);
    await until(() => upToDate.lists.length === 1 && noList.lists.length === 1, 'the list after the change');
    expect(upToDate.lists.map((l) => l.listVersion)).toEqual([4]);
    expect(entries(upToDate.lists[0])).toEqual([['CARD-A', 'Accepted']]);
  });

  it('sends every connected charger of the plant the new list when a card changes', async () => {
    const first = await rig.unbooted();
    const second = await rig.unbooted();
    const lists = [keepingList(first.cp, 4), keepingList(second.cp, 4)];
    await first.cp.call('BootNotification', BOOT);
    await second.cp.call('BootNotification', BOOT);
    await settledHistory(first.charger.id, 1);
    await settledHistory(second.charger.id, 1);
    expect((await rig.call('ev/id-tag/block', { plantId, idTag: 'CARD-A', blocked: true })).statusCode).toBe(200);
    await until(() => lists.every((held) => held.lists.length === 1), 'the list on both chargers');
    for (const held of lists) expect(entries(held.lists[0])).toEqual([['CARD-A', 'Blocked']]);
    expect(lists.map((held) => held.version)).toEqual([5, 5]);
  });

  it('records a charger that does not implement the list as failed, and the change stands', async () => {
    const { cp, charger } = await rig.unbooted(); // ocpp-rpc answers NotImplemented to what it is not given
    await cp.call('BootNotification', BOOT);
    expect(await settledHistory(charger.id, 1)).toEqual([['GetLocalListVersion', 'failed', 'system']]);
    const added = await rig.call('ev/id-tag/add', { plantId, idTag: 'CARD-C', name: 'Eva' });
    expect(added.statusCode).toBe(200);
    expect((await settledHistory(charger.id, 2))[1]).toEqual(['SendLocalList', 'failed', 'system']);
    expect(((await cp.call('Authorize', { idTag: 'card-c' })) as { idTagInfo: { status: string } }).idTagInfo.status).toBe('Accepted');
  });
});
