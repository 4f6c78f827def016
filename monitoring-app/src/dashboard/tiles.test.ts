import type { Plant, Shadow } from '@helio/shared-utils';
import { buildTiles, hasReported, reportTimeFormat, type PowerTile } from './tiles';

const plant = (overrides: Partial<Plant> = {}): Plant => ({
  id: 'p1',
  name: 'Roof Brno',
  thingName: 'gw-brno',
  location: 'Brno',
  latitude: 49.19,
  longitude: 16.61,
  timezone: 'Europe/Prague',
  pvPeakKw: 9.9,
  batteryKwh: null,
  chargerKw: null,
  ...overrides,
});

function shadow(reported: Record<string, unknown>, at: Record<string, number> = {}): Shadow {
  const metadata = Object.fromEntries(Object.keys(reported).map((key) => [key, { timestamp: at[key] ?? 1_000 }]));
  return {
    state: { reported, desired: {}, delta: {} },
    metadata: { desired: {}, reported: metadata },
    version: 1,
    timestamp: 1_000,
    hasDelta: false,
  };
}

const byKind = (tiles: PowerTile[], kind: PowerTile['kind']) => tiles.find((t) => t.kind === kind);

describe('buildTiles', () => {
  it('shows PV, load and grid for a plant without battery or charger', () => {
    const tiles = buildTiles(plant(), shadow({ ActPwrPve: 4200, ActPwrLoad: 800, ActPwrGrid: -3400 }));
    expect(tiles.map((t) => t.kind)).toEqual(['pv', 'load', 'grid']);
    expect(byKind(tiles, 'pv')).toMatchObject({ watts: 4200, direction: null, reportedAt: 1_000 });
    expect(byKind(tiles, 'load')?.watts).toBe(800);
  });

  it('adds the battery and the EV charger when the plant has them', () => {
    const tiles = buildTiles(
      plant({ batteryKwh: 10, chargerKw: 11 }),
      shadow({ ActPwrPve: 0, ActPwrLoad: 0, ActPwrGrid: 0, ActPwrBat: 0, BatSoc: 50, ActPwrEv: 7400 }),
    );
    expect(tiles.map((t) => t.kind)).toEqual(['pv', 'load', 'grid', 'battery', 'ev']);
    expect(byKind(tiles, 'ev')?.watts).toBe(7400);
  });

  it('reads grid import from a positive value and export from a negative one', () => {
    expect(byKind(buildTiles(plant(), shadow({ ActPwrGrid: 1500 })), 'grid')).toMatchObject({ watts: 1500, direction: 'import' });
    expect(byKind(buildTiles(plant(), shadow({ ActPwrGrid: -2500 })), 'grid')).toMatchObject({ watts: 2500, direction: 'export' });
    expect(byKind(buildTiles(plant(), shadow({ ActPwrGrid: 0.3 })), 'grid')?.direction).toBe('idle');
  });

  it('reads battery discharge from a positive value and charge from a negative one, with the state of charge', () => {
    const withBattery = plant({ batteryKwh: 10 });
    expect(byKind(buildTiles(withBattery, shadow({ ActPwrBat: 900, BatSoc: 63.5 })), 'battery')).toMatchObject({
      watts: 900,
      direction: 'discharge',
      stateOfCharge: 63.5,
    });
    expect(byKind(buildTiles(withBattery, shadow({ ActPwrBat: -1200, BatSoc: 40 })), 'battery')).toMatchObject({
      watts: 1200,
      direction: 'charge',
    });
  });

  it('dates the battery tile by the later of its power and state-of-charge reports', () => {
    const tiles = buildTiles(plant({ batteryKwh: 5 }), shadow({ ActPwrBat: 1, BatSoc: 2 }, { ActPwrBat: 5_000, BatSoc: 9_000 }));
    expect(byKind(tiles, 'battery')?.reportedAt).toBe(9_000);
  });

  it('leaves values and times empty for metrics not reported or not numeric', () => {
    const tiles = buildTiles(plant(), shadow({ ActPwrPve: 'n/a' }));
    expect(byKind(tiles, 'pv')).toMatchObject({ watts: null, reportedAt: 1_000 });
    expect(byKind(tiles, 'grid')).toMatchObject({ watts: null, direction: null, reportedAt: null });
  });
});

describe('hasReported', () => {
  it('is false for a shadow the gateway has never reported to', () => {
    expect(hasReported(shadow({}))).toBe(false);
    expect(hasReported(shadow({ ExportLimit: 5000 }))).toBe(false);
  });

  it('is true once any power metric is reported', () => {
    expect(hasReported(shadow({ ActPwrLoad: 350 }))).toBe(true);
  });
});

describe('reportTimeFormat', () => {
  const now = new Date(2025, 5, 10, 14, 0, 0).getTime();

  it('shows only the time for a report from today', () => {
    expect(reportTimeFormat(now - 30_000, now)).toEqual({ timeStyle: 'medium' });
  });

  it('adds the date for an older report', () => {
    expect(reportTimeFormat(new Date(2025, 5, 9, 23, 59).getTime(), now)).toEqual({ dateStyle: 'short', timeStyle: 'medium' });
  });
});
