import type { Plant } from '@helio/shared-utils';
import { FIRST_QUERY, matchingIds, plantRows, sortBy, tablePage } from './plant-table';
import { registryPlant } from '../testing/fixtures';

const plant = (id: string, name: string, pvPeakKw: number, batteryKwh: number | null): Plant => ({
  id,
  name,
  thingName: id,
  location: `${name} město`,
  latitude: 49,
  longitude: 16,
  timezone: 'Europe/Prague',
  pvPeakKw,
  batteryKwh,
  chargerKw: null,
});

const PLANTS = [plant('a', 'Plzeň – Kancelář', 30, null), plant('b', 'Brno – Rodinný dům', 9.8, 10), plant('c', 'Olomouc – Farma', 50, 30)];
const REGISTRY = [
  registryPlant({ id: 'b', status: 'online', lastSeen: '2026-11-23T01:00:00Z', tagIds: ['roof', 'south'], todayEnergyKwh: 12.5 }),
  registryPlant({ id: 'c', status: 'offline', lastSeen: null, tagIds: ['roof'], todayEnergyKwh: 40 }),
];

describe('the plants table', () => {
  const rows = plantRows(PLANTS, REGISTRY);

  it('gives each plant its gateway status; a plant the registry does not know is offline', () => {
    expect(rows.map((r) => [r.id, r.status, r.lastSeen])).toEqual([
      ['a', 'offline', null],
      ['b', 'online', '2026-11-23T01:00:00Z'],
      ['c', 'offline', null],
    ]);
  });

  it('sorts by name the Czech way by default, and flips on a second click', () => {
    expect(tablePage(rows, FIRST_QUERY).rows.map((r) => r.id)).toEqual(['b', 'c', 'a']);
    const byName = sortBy(FIRST_QUERY, 'name');
    expect(byName.descending).toBe(true);
    expect(tablePage(rows, byName).rows.map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });

  it('sorts numbers with missing batteries first', () => {
    expect(tablePage(rows, sortBy(FIRST_QUERY, 'batteryKwh')).rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(tablePage(rows, sortBy(FIRST_QUERY, 'pvPeakKw')).rows.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('searches names without case or diacritics and filters by status', () => {
    expect(tablePage(rows, { ...FIRST_QUERY, search: 'PLZEN' }).rows.map((r) => r.id)).toEqual(['a']);
    expect(tablePage(rows, { ...FIRST_QUERY, status: 'online' }).rows.map((r) => r.id)).toEqual(['b']);
    expect(tablePage(rows, { ...FIRST_QUERY, status: 'offline', search: 'a' })).toMatchObject({ total: 2 });
  });

  it("carries each plant's tags and today's energy; a plant the registry does not know has none", () => {
    expect(rows.map((r) => [r.id, r.tagIds, r.todayEnergyKwh])).toEqual([
      ['a', [], null],
      ['b', ['roof', 'south'], 12.5],
      ['c', ['roof'], 40],
    ]);
  });

  it('filters by tag, together with search and status', () => {
    expect(tablePage(rows, { ...FIRST_QUERY, tag: 'roof' }).rows.map((r) => r.id)).toEqual(['b', 'c']);
    expect(tablePage(rows, { ...FIRST_QUERY, tag: 'south' }).rows.map((r) => r.id)).toEqual(['b']);
    expect(tablePage(rows, { ...FIRST_QUERY, tag: 'roof', status: 'offline' }).rows.map((r) => r.id)).toEqual(['c']);
    expect(tablePage(rows, { ...FIRST_QUERY, tag: 'nobody' })).toMatchObject({ total: 0, rows: [] });
  });

  it("sorts by today's energy with plants without data first, and descending on a second click", () => {
    const byEnergy = sortBy(FIRST_QUERY, 'todayEnergyKwh');
    expect(tablePage(rows, byEnergy).rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(tablePage(rows, sortBy(byEnergy, 'todayEnergyKwh')).rows.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('selects every matching plant over all pages, not just the page shown', () => {
    const many = plantRows(
      Array.from({ length: 300 }, (_, i) => plant(`p${i}`, `Plant ${i}`, i, null)),
      Array.from({ length: 300 }, (_, i) => registryPlant({ id: `p${i}`, tagIds: i % 3 === 0 ? ['x'] : [] })),
    );
    expect(matchingIds(many, { ...FIRST_QUERY, tag: 'x', pageSize: 10 })).toHaveLength(100);
    expect(matchingIds(many, { ...FIRST_QUERY, pageSize: 10, page: 5 })).toHaveLength(300);
  });

  it('cuts pages and moves back to the last page when fewer remain', () => {
    const many = plantRows(
      Array.from({ length: 1000 }, (_, i) => plant(`p${i}`, `Plant ${String(i).padStart(4, '0')}`, i, null)),
      [],
    );
    const third = tablePage(many, { ...FIRST_QUERY, pageSize: 100, page: 2 });
    expect(third).toMatchObject({ total: 1000, pageCount: 10, page: 2 });
    expect(third.rows[0]?.name).toBe('Plant 0200');
    expect(tablePage(many, { ...FIRST_QUERY, pageSize: 100, page: 9, search: 'Plant 00' })).toMatchObject({
      total: 100,
      pageCount: 1,
      page: 0,
    });
  });
});
