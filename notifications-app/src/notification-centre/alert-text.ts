// What an alert says in the list: a translation key per kind and the figures it names. Pure; numbers
// and times are formatted by the caller in the interface language.
import type { Alert } from '../api/notifications-api';

export type DetailValue = { number: number } | { time: number } | { text: string };

export interface AlertText {
  titleKey: string;
  detailKey: string | null;
  values: Record<string, DetailValue>;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function alertText(alert: Alert): AlertText {
  const d = alert.details;
  const titleKey = `kinds.${alert.kind}`;
  switch (alert.kind) {
    case 'gatewayOffline': {
      const last = num(d.lastReportAt);
      return last === undefined
        ? { titleKey, detailKey: 'details.neverReported', values: {} }
        : { titleKey, detailKey: 'details.lastReport', values: { time: { time: last } } };
    }
    case 'inverterFault': {
      const code = num(d.faultCode);
      if (typeof d.events === 'string' && d.events)
        return { titleKey, detailKey: 'details.faultEvents', values: { events: { text: d.events } } };
      return code === undefined
        ? { titleKey, detailKey: null, values: {} }
        : { titleKey, detailKey: 'details.faultCode', values: { code: { text: String(code) } } };
    }
    case 'batteryLow': {
      const soc = num(d.soc);
      const threshold = num(d.threshold);
      if (soc === undefined || threshold === undefined) return { titleKey, detailKey: null, values: {} };
      // Judged by the battery's own floor (conditions.ts batteryLow): say so, it is not the user's threshold.
      const floor = num(d.floor);
      if (floor !== undefined && floor === threshold)
        return { titleKey, detailKey: 'details.socFloor', values: { soc: { number: soc }, floor: { number: floor } } };
      return { titleKey, detailKey: 'details.soc', values: { soc: { number: soc }, threshold: { number: threshold } } };
    }
    case 'gridOutage':
      return { titleKey, detailKey: null, values: {} };
    case 'pvLow': {
      const actual = num(d.actualW);
      const expected = num(d.expectedW);
      if (actual === undefined || expected === undefined) return { titleKey, detailKey: null, values: {} };
      return { titleKey, detailKey: 'details.pv', values: { actual: { number: actual }, expected: { number: expected } } };
    }
    case 'chargerFault': {
      if (typeof d.charger !== 'string' || typeof d.errorCode !== 'string') return { titleKey, detailKey: null, values: {} };
      return { titleKey, detailKey: 'details.chargerFault', values: { charger: { text: d.charger }, code: { text: d.errorCode } } };
    }
  }
}
