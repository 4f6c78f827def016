// One plant against its peer group (the visible plants of its size class) month by month: its value,
// the peers' median and 25–75 % band, and its rank over the whole year.
import { percentOf, sizeClassOf, type BenchmarkMetric, type PeerMonth } from '@helio/contracts';
import type { PlantBucket, PlantPeriod } from './plant-figures';
import { metricValue, quantile, rankBy } from './ranking';

export function bucketValue(bucket: PlantBucket, pvPeakKw: number, metric: BenchmarkMetric): number | null {
  return metricValue(
    {
      // A month before the plant existed or after now has no value, not a zero.
      specificYield: pvPeakKw > 0 && bucket.elapsedMs > 0 ? bucket.produced / pvPeakKw : null,
      performanceRatioPct: bucket.expected > 0 ? (bucket.produced / bucket.expected) * 100 : null,
      availabilityPct: bucket.elapsedMs > 0 ? percentOf(bucket.elapsedMs - bucket.offlineMs, bucket.elapsedMs) : null,
    },
    metric,
  );
}

export function peersOf(plants: readonly PlantPeriod[], plantId: string): PlantPeriod[] {
  const plant = plants.find((p) => p.plant.id === plantId);
  if (!plant) return [];
  const sizeClass = sizeClassOf(plant.plant.pvPeakKw);
  // A plant without data in the period is no peer: its zeros are no figure to be compared with.
  return plants.filter((p) => (p === plant || p.reported) && sizeClassOf(p.plant.pvPeakKw) === sizeClass);
}

const monthOf = (start: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(start).slice(0, 7);

export function peerMonths(peers: readonly PlantPeriod[], plant: PlantPeriod, metric: BenchmarkMetric): PeerMonth[] {
  return plant.buckets.map((bucket, i) => {
    const values = peers
      .map((peer) => {
        const own = peer.buckets[i];
        return own ? bucketValue(own, peer.plant.pvPeakKw, metric) : null;
      })
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    return {
      month: monthOf(bucket.start, plant.plant.timezone),
      start: bucket.start,
      value: bucketValue(bucket, plant.plant.pvPeakKw, metric),
      p25: quantile(values, 0.25),
      median: quantile(values, 0.5),
      p75: quantile(values, 0.75),
      peers: values.length,
    };
  });
}

/** The plant's rank among its peers over the year, and the peers' rank list (to show its quartile). */
export function peerRank(peers: readonly PlantPeriod[], plantId: string, metric: BenchmarkMetric) {
  const ranked = rankBy(peers, (peer) => metricValue(peer.figures, metric));
  const own = ranked.find((r) => r.item.plant.id === plantId);
  return { rank: own?.rank ?? null, quartile: own?.quartile ?? null };
}
