import type { Device } from '@helio/shared-utils';
import { changedFields, createRequest, deviceProblems, draftOf, liveKeysOf, newDeviceDraft } from './device-form';

const device: Device = {
  id: 'd1',
  plantId: 'p1',
  kind: 'battery',
  name: 'Baterie',
  maker: 'BYD',
  model: 'HVS',
  serial: 'S1',
  firmware: '1.0',
  ratedPowerKw: 5,
  capacityKwh: 10.24,
  liveKeys: ['ActPwrBat', 'BatSoc'],
  createdAt: '',
  updatedAt: '',
};

describe('the device form', () => {
  it("offers a new device its kind's usual live keys", () => {
    expect(newDeviceDraft('battery').liveKeys).toBe('ActPwrBat, BatSoc');
  });

  it('asks for a name and positive numbers within the limits, accepting Czech decimals', () => {
    const draft = { ...newDeviceDraft('battery'), name: ' ', ratedPowerKw: '-3', capacityKwh: '10,5' };
    expect(deviceProblems(draft)).toEqual({ name: { problem: 'required' }, ratedPowerKw: { problem: 'range', min: 0, max: 100000 } });
    expect(deviceProblems({ ...draft, name: 'B', ratedPowerKw: 'five' })).toEqual({ ratedPowerKw: { problem: 'number' } });
    expect(createRequest('p1', { ...draft, name: 'B', ratedPowerKw: '' })).toMatchObject({
      plantId: 'p1',
      kind: 'battery',
      ratedPowerKw: null,
      capacityKwh: 10.5,
    });
  });

  it('refuses a live key that is no shadow key and sends a capacity for batteries only', () => {
    expect(deviceProblems({ ...newDeviceDraft('meter'), name: 'M', liveKeys: 'ActPwrGrid, 2ndMeter, Grid-power' })).toEqual({
      liveKeys: { problem: 'shadowKey', key: '2ndMeter' },
    });
    expect(createRequest('p1', { ...newDeviceDraft('inverter'), name: 'I', capacityKwh: '5' }).capacityKwh).toBeNull();
  });

  it('splits live keys on commas and spaces, once each', () => {
    expect(liveKeysOf(' ActPwrBat,BatSoc  BatSoc;EvConnected ')).toEqual(['ActPwrBat', 'BatSoc', 'EvConnected']);
  });

  it('sends only the fields that changed', () => {
    expect(changedFields(device, draftOf(device))).toEqual({});
    expect(changedFields(device, { ...draftOf(device), firmware: '1.1', liveKeys: 'BatSoc' })).toEqual({
      firmware: '1.1',
      liveKeys: ['BatSoc'],
    });
  });
});
