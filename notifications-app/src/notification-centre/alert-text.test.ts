import type { Alert } from '../api/notifications-api';
import { alertText } from './alert-text';

const alert = (patch: Partial<Alert>): Alert => ({
  id: 'a1',
  plantId: 'plant-1',
  plantName: 'Brno',
  kind: 'gatewayOffline',
  severity: 'critical',
  startedAt: '2025-06-11T08:00:00.000Z',
  endedAt: null,
  read: false,
  details: {},
  ...patch,
});

describe('the text of an alert', () => {
  it('names when an offline gateway last reported, or that it never did', () => {
    expect(alertText(alert({ details: { lastReportAt: 1000 } }))).toEqual({
      titleKey: 'kinds.gatewayOffline',
      detailKey: 'details.lastReport',
      values: { time: { time: 1000 } },
    });
    expect(alertText(alert({ details: { lastReportAt: null } })).detailKey).toBe('details.neverReported');
  });

  it('names a faulted inverter’s SunSpec events where the gateway reported them', () => {
    expect(alertText(alert({ kind: 'inverterFault', details: { faultCode: null, state: 'fault', events: 'GROUND_FAULT' } }))).toEqual({
      titleKey: 'kinds.inverterFault',
      detailKey: 'details.faultEvents',
      values: { events: { text: 'GROUND_FAULT' } },
    });
  });

  it('names the state of charge and the threshold of a low battery', () => {
    expect(alertText(alert({ kind: 'batteryLow', details: { soc: 12.5, threshold: 20 } })).values).toEqual({
      soc: { number: 12.5 },
      threshold: { number: 20 },
    });
  });

  it('names the battery’s own floor when that is what the charge fell under', () => {
    expect(alertText(alert({ kind: 'batteryLow', details: { soc: 9.5, threshold: 10, floor: 10 } }))).toEqual({
      titleKey: 'kinds.batteryLow',
      detailKey: 'details.socFloor',
      values: { soc: { number: 9.5 }, floor: { number: 10 } },
    });
  });

  it('names what PV gives against what the sun should give', () => {
    expect(alertText(alert({ kind: 'pvLow', details: { actualW: 120, expectedW: 6400, threshold: 10 } }))).toMatchObject({
      detailKey: 'details.pv',
      values: { actual: { number: 120 }, expected: { number: 6400 } },
    });
  });

  it('says only the title when the figures are missing', () => {
    for (const kind of ['inverterFault', 'batteryLow', 'gridOutage', 'pvLow'] as const) {
      expect(alertText(alert({ kind, details: {} }))).toEqual({ titleKey: `kinds.${kind}`, detailKey: null, values: {} });
    }
  });
});
