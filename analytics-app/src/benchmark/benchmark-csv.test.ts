import type { RankedPlant } from '@helio/contracts';
import { benchmarkCsv, benchmarkFileName } from './benchmark-csv';

const plant = (over: Partial<RankedPlant>): RankedPlant => ({
  id: 'p1',
  name: 'Brno, střecha',
  pvPeakKw: 9.8,
  sizeClass: 'small',
  produced: 1200.5,
  consumed: 900,
  selfConsumed: 700,
  imported: 300,
  exported: 500.5,
  specificYield: 122.5,
  expectedKwh: 1500,
  performanceRatioPct: 80.03,
  availabilityPct: 99.5,
  offlineHours: 3.6,
  alertCount: 2,
  rank: 1,
  quartile: 1,
  tagIds: [],
  ...over,
});

describe('the benchmark CSV', () => {
  it('writes one line per plant with plain numbers at their unit’s precision, quoting names with a comma, empty cells for missing values', () => {
    const csv = benchmarkCsv([
      plant({}),
      plant({ id: 'p2', name: 'Idle', rank: null, quartile: null, specificYield: null, performanceRatioPct: null }),
    ]);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,quartile,plant,sizeClass,pvPeakKw,producedKwh,specificYieldKwhPerKwp,performanceRatioPct,availabilityPct,expectedKwh,consumedKwh,importedKwh,exportedKwh,offlineHours,alerts',
    );
    expect(lines[1]).toBe('1,1,"Brno, střecha",small,9.8,1200.5,122.5,80,99.5,1500,900,300,500.5,3.6,2');
    expect(lines[2]).toBe(',,Idle,small,9.8,1200.5,,,99.5,1500,900,300,500.5,3.6,2');
  });

  it('names the file by the figure and the period’s days, one day once', () => {
    expect(benchmarkFileName('specificYield', '2025-01-01', '2025-12-31')).toBe('benchmark_specificYield_2025-01-01_2025-12-31.csv');
    expect(benchmarkFileName('specificYield', '2026-11-28', '2026-11-28')).toBe('benchmark_specificYield_2026-11-28.csv');
  });
});
