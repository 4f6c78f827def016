import { groupedBy } from './grouped-by';

describe('groupedBy', () => {
  it('keeps each group in the rows’ order and the groups in the order their keys first appear', () => {
    const rows = [
      { thing: 'b', ts: 1 },
      { thing: 'a', ts: 2 },
      { thing: 'b', ts: 3 },
    ];
    expect([
      ...groupedBy(
        rows,
        (r) => r.thing,
        (r) => r.ts,
      ),
    ]).toEqual([
      ['b', [1, 3]],
      ['a', [2]],
    ]);
    expect(groupedBy(rows, (r) => r.thing).get('a')).toEqual([{ thing: 'a', ts: 2 }]);
    expect(groupedBy([], (r: { thing: string }) => r.thing).size).toBe(0);
  });
});
