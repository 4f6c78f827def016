// Which reported values become time-series samples: every finite number, nested keys joined with '.',
// and the on/off states that history is derived from (a charger's EvConnected) as 1 / 0.
import { CHARGER_KEYS } from '@helio/contracts';
import { isJsonObject, type JsonObject } from './json';

const SAMPLED_FLAGS: ReadonlySet<string> = new Set([CHARGER_KEYS.connected]);

export interface MetricSample {
  metricKey: string;
  value: number;
}

export function numericSamples(reported: JsonObject, prefix = ''): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const [key, value] of Object.entries(reported)) {
    const metricKey = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number' && Number.isFinite(value)) samples.push({ metricKey, value });
    else if (typeof value === 'boolean' && SAMPLED_FLAGS.has(metricKey)) samples.push({ metricKey, value: value ? 1 : 0 });
    else if (isJsonObject(value)) samples.push(...numericSamples(value, metricKey));
  }
  return samples;
}
