import type { Plant } from '@helio/shared-utils';
import { isSearchable, plantOptions, SEARCH_THRESHOLD, SWITCHER_LIMIT } from './plant-options';

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

describe('plantOptions', () => {
  const plants = [plant('a', 'Alpha'), plant('b', 'Beta'), plant('c', 'Gamma')];

  it('lists the plants the server found', () => {
    expect(plantOptions(plants, plants[0] ?? null)).toEqual({ options: plants, matchCount: 3, more: false });
  });

  it('keeps the active plant first when the search misses it', () => {
    const { options, matchCount } = plantOptions([plants[2] as Plant], plants[0] ?? null);
    expect(options.map((p) => p.id)).toEqual(['a', 'c']);
    expect(matchCount).toBe(1);
  });

  it('reports no match while still offering the active plant', () => {
    expect(plantOptions([], plants[1] ?? null)).toEqual({ options: [plants[1]], matchCount: 0, more: false });
  });

  it('lists at most SWITCHER_LIMIT plants and says when more match', () => {
    const many = Array.from({ length: SWITCHER_LIMIT + 1 }, (_, i) => plant(`p${i}`, `Plant ${i}`));
    const { options, matchCount, more } = plantOptions(many, many[0] ?? null);
    expect([options.length, matchCount, more]).toEqual([SWITCHER_LIMIT, SWITCHER_LIMIT, true]);
    expect(plantOptions(many.slice(0, SWITCHER_LIMIT), many[0] ?? null).more).toBe(false);
  });
});
