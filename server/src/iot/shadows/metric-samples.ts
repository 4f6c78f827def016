// Which reported values become time-series samples: every finite number, nested keys joined with '.',
// and the on/off states that history is derived from (a charger's EvConnected) as 1 / 0.
import { CHARGER_KEYS } from '@helio/contracts';
import type { Sample } from '../../series/rollup';
import { isJsonObject, type JsonObject } from './json';

const SAMPLED_FLAGS: ReadonlySet<string> = new Set([CHARGER_KEYS.connected]);

export interface MetricSample {
  metricKey: string;
  value: number;
}

export function numericSamples(reported: JsonObject): MetricSample[] {
  const samples: MetricSample[] = [];
  eachSample(reported, '', (metricKey, value) => samples.push({ metricKey, value }));
  return samples;
}

/** The report's samples taken at `ts`, each made once (not a MetricSample copied with its time). */
export function samplesAt(reported: JsonObject, ts: number): Sample[] {
  const samples: Sample[] = [];
  eachSample(reported, '', (metricKey, value) => samples.push({ metricKey, ts, value }));
  return samples;
}

function eachSample(reported: JsonObject, prefix: string, visit: (metricKey: string, value: number) => void): void {
  for (const [key, value] of Object.entries(reported)) {
    const metricKey = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number' && Number.isFinite(value)) visit(metricKey, value);
    else if (typeof value === 'boolean' && SAMPLED_FLAGS.has(metricKey)) visit(metricKey, value ? 1 : 0);
    else if (isJsonObject(value)) eachSample(value, metricKey, visit);
  }
}
