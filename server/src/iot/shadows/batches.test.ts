import { Batches } from './batches';

describe('Batches', () => {
  it('sends what arrives together as one batch, and an item alone when nothing else is waiting', async () => {
    const batches: number[][] = [];
    const b = new Batches<number, number>(async (items) => (batches.push(items), items.map((i) => i * 2)), { maxSize: 10, atOnce: 1 });
    expect(await Promise.all([1, 2, 3].map((i) => b.add(i)))).toEqual([2, 4, 6]);
    expect(await b.add(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('runs at most atOnce batches; what arrives meanwhile waits and goes together, in batches of at most maxSize', async () => {
    const started: number[][] = [];
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const b = new Batches<number, number>(
      async (items) => {
        started.push(items);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return items;
      },
      { maxSize: 3, atOnce: 2 },
    );
    const first = [b.add(1), b.add(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [3, 4, 5, 6, 7].map((i) => b.add(i));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([
      [1, 2],
      [3, 4, 5],
    ]); // the second slot took what had arrived; 6 and 7 wait
    while (release.length > 0 || started.length < 3) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(started).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    expect(most).toBe(2);
  });

  it('lets a batch that is not full wait until its first item has lingered, and starts a full one at once', async () => {
    jest.useFakeTimers();
    try {
      const started: number[][] = [];
      const b = new Batches<number, number>(async (items) => (started.push(items), items), { maxSize: 3, atOnce: 1, lingerMs: 50 });
      const first = b.add(1);
      jest.advanceTimersByTime(30);
      const second = b.add(2);
      jest.advanceTimersByTime(19);
      expect(started).toEqual([]); // the first has waited 49 ms
      jest.advanceTimersByTime(1);
      expect(started).toEqual([[1, 2]]);
      expect(await Promise.all([first, second])).toEqual([1, 2]);

      const full = [3, 4, 5, 6].map((i) => b.add(i));
      jest.advanceTimersByTime(1);
      expect(started).toEqual([
        [1, 2],
        [3, 4, 5],
      ]); // full: it did not linger; 6 waits for its own linger
      await Promise.all(full.slice(0, 3));
      jest.advanceTimersByTime(48);
      expect(started).toHaveLength(2);
      jest.advanceTimersByTime(2);
      expect(started.at(-1)).toEqual([6]);
      expect(await Promise.all(full)).toEqual([3, 4, 5, 6]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails every item of a batch that throws, and goes on with the next batch', async () => {
    let calls = 0;
    const b = new Batches<string, string>(
      async (items) => {
        if (++calls === 1) throw new Error('database gone');
        return items;
      },
      { maxSize: 10, atOnce: 1 },
    );
    const failed = await Promise.allSettled([b.add('a'), b.add('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await b.add('c')).toBe('c');
  });
});
