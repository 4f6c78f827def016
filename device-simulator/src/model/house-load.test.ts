import { seededRandom } from '../random';
import { houseLoadW, loadProfileW } from './house-load';

describe('loadProfileW', () => {
  it('has a workday evening peak well above the night base', () => {
    const night = loadProfileW({ hour: 3, weekday: 2 });
    const evening = loadProfileW({ hour: 19, weekday: 2 });
    expect(night).toBeGreaterThanOrEqual(250);
    expect(night).toBeLessThan(400);
    expect(evening).toBeGreaterThan(night * 3);
  });

  it('starts the weekend morning later than a workday morning', () => {
    expect(loadProfileW({ hour: 7, weekday: 3 })).toBeGreaterThan(loadProfileW({ hour: 7, weekday: 6 }));
    expect(loadProfileW({ hour: 10, weekday: 0 })).toBeGreaterThan(loadProfileW({ hour: 10, weekday: 3 }));
  });
});

describe('houseLoadW', () => {
  it('stays positive and averages close to the profile', () => {
    const rng = seededRandom(7);
    const time = { hour: 19, weekday: 2 };
    let sum = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const w = houseLoadW(time, 5, rng);
      expect(w).toBeGreaterThan(0);
      sum += w;
    }
    // Appliance peaks add ~1800 W × 0.6/h × 5 s on average: a few watts.
    expect(sum / n).toBeGreaterThan(loadProfileW(time) * 0.97);
    expect(sum / n).toBeLessThan(loadProfileW(time) * 1.03);
  });
});
