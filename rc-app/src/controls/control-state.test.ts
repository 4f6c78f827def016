import type { Shadow } from '@helio/shared-utils';
import { RC_COMMAND_EXPIRY_MS } from '@helio/contracts/limits';
import { controlState, isWaiting, latestTimestamp, refusalOf } from './control-state';

const shadow = (
  delta: Record<string, unknown>,
  desired: Record<string, unknown> = {},
  reported: Record<string, unknown> = { ExportLimit: 6860 },
): Pick<Shadow, 'state' | 'metadata'> => ({
  state: { reported, desired: {}, delta },
  metadata: { reported: {}, desired },
});
const NOW = 1_000_000;

describe('the state of a control', () => {
  it('is in sync without a delta for its key, once the device reported it', () => {
    expect(controlState('ExportLimit', shadow({ OperMode: 'idle' }), 'online', NOW)).toEqual({ kind: 'inSync' });
  });

  it('is not reported, not "in sync", when the device never sent the key and nothing was asked', () => {
    expect(controlState('ExportLimit', shadow({}, {}, {}), 'offline', NOW)).toEqual({ kind: 'notReported' });
    expect(isWaiting({ kind: 'notReported' })).toBe(false);
  });

  it('is pending since the key was desired, while the gateway is online', () => {
    const s = shadow({ ExportLimit: 500 }, { ExportLimit: { timestamp: NOW - 5_000 } });
    expect(controlState('ExportLimit', s, 'online', NOW)).toEqual({ kind: 'pending', since: NOW - 5_000 });
  });

  it('is not confirmed once pending longer than 60 s with the gateway online', () => {
    const s = shadow({ ExportLimit: 500 }, { ExportLimit: { timestamp: NOW - 60_001 } });
    expect(controlState('ExportLimit', s, 'online', NOW)).toEqual({ kind: 'notConfirmed', since: NOW - 60_001 });
    expect(
      controlState('ExportLimit', shadow({ ExportLimit: 500 }, { ExportLimit: { timestamp: NOW - 60_000 } }), 'online', NOW).kind,
    ).toBe('pending');
  });

  it('is queued, however long, while the gateway is offline', () => {
    const s = shadow({ ExportLimit: 500 }, { ExportLimit: { timestamp: NOW - 600_000 } });
    expect(controlState('ExportLimit', s, 'offline', NOW)).toEqual({ kind: 'queued', since: NOW - 600_000 });
  });

  it('is queued past the command expiry too: the server expires a command and clears its value, not the page', () => {
    const s = shadow({ ExportLimit: 500 }, { ExportLimit: { timestamp: NOW } });
    expect(controlState('ExportLimit', s, 'offline', NOW + RC_COMMAND_EXPIRY_MS + 1).kind).toBe('queued');
    expect(controlState('ExportLimit', s, 'online', NOW + RC_COMMAND_EXPIRY_MS + 1).kind).toBe('notConfirmed');
    expect(isWaiting({ kind: 'queued', since: NOW })).toBe(true);
  });

  it('takes the latest time of an object value’s keys', () => {
    expect(latestTimestamp({ targetSoc: { timestamp: 5 }, until: { timestamp: 9 } })).toBe(9);
    expect(latestTimestamp(undefined)).toBeNull();
  });

  it('names the gateway’s reason for refusing a value still waiting, and nothing once the key is in sync', () => {
    const refused = { ControlRefused: { BatChargeMax: 'the SunSpec gateway does not set the battery’s charge power', OperMode: null } };
    const doc = { state: { reported: refused, desired: {}, delta: { BatChargeMax: 3000 } } };
    expect(refusalOf('BatChargeMax', doc)).toBe('the SunSpec gateway does not set the battery’s charge power');
    expect(refusalOf('OperMode', doc)).toBeNull();
    expect(refusalOf('BatChargeMax', { state: { ...doc.state, delta: {} } })).toBeNull();
  });
});
