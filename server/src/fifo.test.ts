import { Fifo } from './fifo';

describe('Fifo', () => {
  it('gives its items back in the order they came, across the drops of its taken front', () => {
    const fifo = new Fifo<number>();
    const taken: number[] = [];
    let next = 0;
    // long enough for the front to be dropped many times, items added while others are taken
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 3000; i++) fifo.push(next++);
      for (let i = 0; i < 2500; i++) taken.push(fifo.shift()!);
    }
    while (fifo.size > 0) taken.push(fifo.shift()!);
    expect(taken).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(fifo.shift()).toBeUndefined();
  });

  it('counts what it holds, and an empty one answers undefined', () => {
    const fifo = new Fifo<string>();
    expect(fifo.shift()).toBeUndefined();
    fifo.push('a');
    fifo.push('b');
    expect(fifo.size).toBe(2);
    expect(fifo.shift()).toBe('a');
    expect(fifo.size).toBe(1);
  });
});
