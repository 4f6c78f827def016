// Which reported values become time-series samples: every finite number, nested keys joined with '.'.
import { isJsonObject, type JsonObject } from './json';

export interface MetricSample {
  metricKey: string;
  value: number;
}

export function numericSamples(reported: JsonObject, prefix = ''): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const [key, value] of Object.entries(reported)) {
    const metricKey = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number' && Number.isFinite(value)) samples.push({ metricKey, value });
    else if (isJsonObject(value)) samples.push(...numericSamples(value, metricKey));
  }
  return samples;
}
