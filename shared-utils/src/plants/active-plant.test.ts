import type { Plant } from '../api/endpoints';
import {
  ACTIVE_PLANT_STORAGE_KEY,
  activePlant$,
  adoptActivePlantAnswer,
  currentActivePlant,
  resetActivePlant,
  setActivePlant,
  storedActivePlantId,
} from './active-plant';

const plant: Plant = {
  id: 'plant-7',
  name: 'Líšeň',
  thingName: 'gw-7',
  location: 'Brno',
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: 12,
  chargerKw: 11,
};

describe('activePlant$', () => {
  beforeEach(() => localStorage.clear());

  it('is persisted in localStorage under "site" as the plant id', () => {
    expect(ACTIVE_PLANT_STORAGE_KEY).toBe('site');
    setActivePlant(plant);
    expect(localStorage.getItem('site')).toBe('plant-7');
    expect(storedActivePlantId()).toBe('plant-7');
  });

  it('emits the plant to every subscriber, the current one first', () => {
    const seen: Array<Plant | null> = [];
    setActivePlant(plant);
    const subscription = activePlant$.subscribe((p) => seen.push(p));
    setActivePlant(null);
    subscription.unsubscribe();
    expect(seen).toEqual([plant, null]);
    expect(localStorage.getItem('site')).toBeNull();
  });

  it('forgets the plant in memory on sign-out but keeps the stored id for the next sign-in', () => {
    setActivePlant(plant);
    resetActivePlant();
    let current: Plant | null | undefined;
    activePlant$.subscribe((p) => (current = p)).unsubscribe();
    expect(current).toBeNull();
    expect(localStorage.getItem('site')).toBe('plant-7');
  });
});

describe('adoptActivePlantAnswer', () => {
  const chosen: Plant = { ...plant, id: 'plant-9', name: 'Bystrc' };
  beforeEach(() => {
    localStorage.clear();
    resetActivePlant();
  });

  it('makes the answer for the stored plant the active plant, as the server sent it', () => {
    localStorage.setItem('site', 'plant-7');
    adoptActivePlantAnswer('plant-7', plant);
    expect(currentActivePlant()).toBe(plant);
  });

  it("takes the server's other plant when the stored one is gone", () => {
    localStorage.setItem('site', 'plant-gone');
    adoptActivePlantAnswer('plant-gone', chosen);
    expect(currentActivePlant()).toBe(chosen);
    expect(storedActivePlantId()).toBe('plant-9');
  });

  it('keeps the plant the user chose after the answer was asked for', () => {
    localStorage.setItem('site', 'plant-7');
    setActivePlant(chosen); // "make active" clicked while the answer for plant-7 was on its way
    adoptActivePlantAnswer('plant-7', plant);
    expect(currentActivePlant()).toBe(chosen);
    expect(storedActivePlantId()).toBe('plant-9');
  });
});
