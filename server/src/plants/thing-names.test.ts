import { isThingName } from '@helio/contracts';
import { newThingName } from './thing-names';

describe('issued thing names', () => {
  it('fit the contract pattern and carry 128 random bits, so none repeats', () => {
    const names = Array.from({ length: 2000 }, newThingName);
    for (const name of names) {
      expect(isThingName(name)).toBe(true);
      expect(name).toMatch(/^plant-[0-9a-v]{26}$/);
    }
    expect(new Set(names).size).toBe(names.length);
  });
});
