import type { Plant } from '@helio/shared-utils';
import { isSearchable, matchesQuery, plantOptions, SEARCH_THRESHOLD } from './plant-options';

const plant = (id: string, name: string, location = 'Brno'): Plant => ({
  id,
  name,
  thingName: `gw-${id}`,
  location,
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: null,
  chargerKw: null,
});

describe('isSearchable', () => {
  it('offers a search only above eight plants', () => {
    const many = Array.from({ length: SEARCH_THRESHOLD + 1 }, (_, i) => plant(String(i), `P${i}`));
    expect(SEARCH_THRESHOLD).toBe(8);
    expect(isSearchable(many.slice(0, 8))).toBe(false);
    expect(isSearchable(many)).toBe(true);
  });
});

describe('matchesQuery', () => {
  it('ignores case and accents and looks at name, location and device name', () => {
    const p = plant('1', 'Střecha Žďár', 'Třebíč');
    expect(matchesQuery(p, 'zdar')).toBe(true);
    expect(matchesQuery(p, 'TREBIC')).toBe(true);
    expect(matchesQuery(p, 'gw-1')).toBe(true);
    expect(matchesQuery(p, 'Olomouc')).toBe(false);
    expect(matchesQuery(p, '   ')).toBe(true);
  });
});

describe('plantOptions', () => {
  const plants = [plant('a', 'Alpha'), plant('b', 'Beta'), plant('c', 'Gamma')];

  it('lists every plant without a query', () => {
    expect(plantOptions(plants, '', 'a')).toEqual({ options: plants, matchCount: 3 });
  });

  it('keeps the active plant first when the query misses it', () => {
    const { options, matchCount } = plantOptions(plants, 'gam', 'a');
    expect(options.map((p) => p.id)).toEqual(['a', 'c']);
    expect(matchCount).toBe(1);
  });

  it('reports no match while still offering the active plant', () => {
    expect(plantOptions(plants, 'zzz', 'b')).toEqual({ options: [plants[1]], matchCount: 0 });
  });
});
