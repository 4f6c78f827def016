import type { Device, Shadow } from '@helio/shared-utils';
import { deviceStates, deviceStatesCsv, stateOfCharge } from './device-state';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const battery: Device = {
  id: 'b1',
  plantId: 'p1',
  kind: 'battery',
  name: 'Baterie, sklep',
  maker: 'Huawei',
  model: 'LUNA2000-10-S0',
  serial: 'HL1',
  firmware: '1',
  ratedPowerKw: 5,
  capacityKwh: 10,
  liveKeys: ['BatSoc', 'ActPwrBat'],
  createdAt: '',
  updatedAt: '',
};
const shadow = (stamp: number): Shadow => ({
  state: { reported: { BatSoc: 64.5, ActPwrBat: -1200 }, desired: {}, delta: {} },
  metadata: { desired: {}, reported: { BatSoc: { timestamp: stamp }, ActPwrBat: { timestamp: stamp - 1000 } } },
  version: 1,
  timestamp: stamp,
  hasDelta: false,
});

describe("devices' live state", () => {
  it("gives each device its live values, the newest report and the battery's state of charge", () => {
    const [state] = deviceStates([battery], shadow(NOW - 5_000), NOW);
    expect(state).toMatchObject({ reportedAt: NOW - 5_000, stale: false });
    expect(stateOfCharge(state as never)).toBe(64.5);
  });

  it('is stale once a live value is older than 60 s, and has no time before any report', () => {
    expect(deviceStates([battery], shadow(NOW - 61_000), NOW)[0]?.stale).toBe(true);
    expect(deviceStates([battery], undefined, NOW)[0]).toMatchObject({ reportedAt: null, stale: false });
    expect(stateOfCharge(deviceStates([battery], undefined, NOW)[0] as never)).toBeNull();
  });

  it('exports one CSV line per device and value with units and the plant’s times with their offset', () => {
    const lines = deviceStatesCsv(deviceStates([battery], shadow(NOW), NOW), 'Europe/Prague')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'device,kind,maker,model,serial,ratedPowerKw,capacityKwh,key,value,unit,reportedAt,stale',
      '"Baterie, sklep",battery,Huawei,LUNA2000-10-S0,HL1,5,10,BatSoc,64.5,%,2026-06-15T14:00:00+02:00,false',
      '"Baterie, sklep",battery,Huawei,LUNA2000-10-S0,HL1,5,10,ActPwrBat,-1200,W,2026-06-15T13:59:59+02:00,false',
    ]);
  });
});
