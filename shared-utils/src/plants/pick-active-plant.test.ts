import type { Plant } from '../api/endpoints';
import { pickActivePlant } from './pick-active-plant';

const plant = (id: string): Plant => ({
  id,
  name: `Plant ${id}`,
  thingName: `gw-${id}`,
  location: 'Brno',
  latitude: 49.2,
  longitude: 16.6,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: null,
  chargerKw: null,
});

describe('pickActivePlant', () => {
  const plants = [plant('a'), plant('b'), plant('c')];

  it('picks the stored plant when it is in the list', () => {
    expect(pickActivePlant(plants, 'b')).toBe(plants[1]);
  });

  it('falls back to the first plant when the stored one is gone or nothing is stored', () => {
    expect(pickActivePlant(plants, 'deleted')).toBe(plants[0]);
    expect(pickActivePlant(plants, null)).toBe(plants[0]);
  });

  it('gives null when there are no plants', () => {
    expect(pickActivePlant([], 'a')).toBeNull();
  });
});
