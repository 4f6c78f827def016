// Shadow → the dashboard's live tiles. Signs follow the device convention: grid import
// > 0, battery discharge > 0; tiles show the magnitude and say the direction in words.
import type { MetricKey, Plant, Shadow } from '@helio/shared-utils';

export type TileKind = 'pv' | 'load' | 'grid' | 'battery' | 'ev';
export type GridDirection = 'import' | 'export' | 'idle';
export type BatteryDirection = 'charge' | 'discharge' | 'idle';

export interface PowerTile {
  kind: TileKind;
  /** the metric whose power the tile shows */
  metric: MetricKey;
  /** magnitude in W; null until the gateway reports the metric */
  watts: number | null;
  /** grid and battery tiles only */
  direction: GridDirection | BatteryDirection | null;
  /** battery state of charge in %, battery tile only */
  stateOfCharge: number | null;
  /** epoch ms of the latest report of the tile's metrics; null when never reported */
  reportedAt: number | null;
}

/** Metrics whose presence means the gateway has reported at least once. */
export const TILE_METRICS: readonly MetricKey[] = ['ActPwrPve', 'ActPwrLoad', 'ActPwrGrid', 'ActPwrBat', 'BatSoc', 'ActPwrEv'];

function reportedNumber(shadow: Shadow, key: MetricKey): number | null {
  const value = shadow.state.reported[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function latestReport(shadow: Shadow, keys: readonly MetricKey[]): number | null {
  const stamps = keys.map((key) => shadow.metadata.reported[key]?.timestamp).filter((stamp): stamp is number => typeof stamp === 'number');
  return stamps.length > 0 ? Math.max(...stamps) : null;
}

/** Below half a watt a flow reads as 0 W, so it has no direction either. */
function directionOf<D extends string>(watts: number | null, positive: D, negative: D): D | 'idle' | null {
  if (watts === null) return null;
  if (Math.round(watts) === 0) return 'idle';
  return watts > 0 ? positive : negative;
}

function magnitude(watts: number | null): number | null {
  return watts === null ? null : Math.abs(watts);
}

export function hasReported(shadow: Shadow): boolean {
  return TILE_METRICS.some((key) => shadow.state.reported[key] !== undefined);
}

/** The tiles for a plant: PV, load and grid always; battery and EV charger only when the plant has them. */
export function buildTiles(plant: Plant, shadow: Shadow): PowerTile[] {
  const simple = (kind: TileKind, metric: MetricKey): PowerTile => ({
    kind,
    metric,
    watts: reportedNumber(shadow, metric),
    direction: null,
    stateOfCharge: null,
    reportedAt: latestReport(shadow, [metric]),
  });
  const grid = reportedNumber(shadow, 'ActPwrGrid');
  const tiles: PowerTile[] = [
    simple('pv', 'ActPwrPve'),
    simple('load', 'ActPwrLoad'),
    { ...simple('grid', 'ActPwrGrid'), watts: magnitude(grid), direction: directionOf(grid, 'import', 'export') },
  ];
  if (plant.batteryKwh !== null && plant.batteryKwh > 0) {
    const battery = reportedNumber(shadow, 'ActPwrBat');
    tiles.push({
      kind: 'battery',
      metric: 'ActPwrBat',
      watts: magnitude(battery),
      direction: directionOf(battery, 'discharge', 'charge'),
      stateOfCharge: reportedNumber(shadow, 'BatSoc'),
      reportedAt: latestReport(shadow, ['ActPwrBat', 'BatSoc']),
    });
  }
  if (plant.chargerKw !== null && plant.chargerKw > 0) tiles.push(simple('ev', 'ActPwrEv'));
  return tiles;
}

/** The time of day is enough for a report from today; older ones also carry the date. */
export function reportTimeFormat(reportedAt: number, now: number): Intl.DateTimeFormatOptions {
  const sameDay = new Date(reportedAt).toDateString() === new Date(now).toDateString();
  return sameDay ? { timeStyle: 'medium' } : { dateStyle: 'short', timeStyle: 'medium' };
}
