import { chunks, countOutcomes } from './fleet-chunks';

describe('fleet command chunks', () => {
  it('splits the plants into chunks of the given size, the last one shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });

  it('counts each outcome', () => {
    const r = (outcome: 'done' | 'queued' | 'refused') => ({ plantId: 'p', name: 'P', outcome });
    expect(countOutcomes([r('done'), r('queued'), r('done'), r('refused')])).toEqual({ done: 2, queued: 1, refused: 1, noBattery: 0 });
  });
});
