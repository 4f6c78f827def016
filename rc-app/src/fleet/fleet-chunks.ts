// A fleet command goes out in chunks of plants, so the page can show its progress and each answer
// adds its plants' outcomes.
import type { RcFleetResult } from '@helio/contracts';

export const FLEET_CHUNK = 50;

export function chunks<T>(items: readonly T[], size = FLEET_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type OutcomeCounts = Record<RcFleetResult['outcome'], number>;

export function countOutcomes(results: readonly RcFleetResult[]): OutcomeCounts {
  const counts: OutcomeCounts = { done: 0, queued: 0, refused: 0, noBattery: 0 };
  for (const result of results) counts[result.outcome]++;
  return counts;
}
