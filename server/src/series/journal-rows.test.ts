import type { HeldSamples } from './rollup';
import { heldOf, journalText } from './journal-rows';

const T = Date.UTC(2026, 10, 30, 12);

describe('a roll-up journal row', () => {
  it('reads back the batch’s samples in their order, with and without a hold', () => {
    const held: HeldSamples[] = [
      {
        thingName: 'plant-a',
        samples: [
          { sample: { metricKey: 'ActPwrPve', ts: T, value: 3878.5 }, previousTs: T - 5000 },
          { sample: { metricKey: 'ActPwrPve', ts: T + 5000, value: -0.000_001_25 }, previousTs: T },
          { sample: { metricKey: 'BatSoc', ts: T - 60_000, value: 82.3 } },
        ],
      },
      { thingName: 'plant-b', samples: [{ sample: { metricKey: 'BatSoc', ts: T + 1, value: 1e300 }, previousTs: T - 3_600_000 }] },
      { thingName: 'plant-c', samples: [] },
    ];
    expect(heldOf(journalText(held)!)).toEqual(held);
  });

  it('names each metric key once however many samples have it', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({ sample: { metricKey: 'EnergyGridImportTotal', ts: T + i, value: i } }));
    const text = journalText([{ thingName: 'plant-a', samples }])!;
    expect(text.split('EnergyGridImportTotal')).toHaveLength(2);
  });

  it('is not written for a batch that stored nothing', () => {
    expect(journalText([{ thingName: 'plant-a', samples: [] }])).toBeUndefined();
  });

  it('reads rows of the earlier shape, as a drain after an upgrade meets them', () => {
    const earlier = JSON.stringify([
      [
        'plant-a',
        [
          ['ActPwrPve', T, 5, T - 5000],
          ['BatSoc', T, 80, null],
        ],
      ],
    ]);
    expect(heldOf(earlier)).toEqual([
      {
        thingName: 'plant-a',
        samples: [
          { sample: { metricKey: 'ActPwrPve', ts: T, value: 5 }, previousTs: T - 5000 },
          { sample: { metricKey: 'BatSoc', ts: T, value: 80 } },
        ],
      },
    ]);
  });
});
