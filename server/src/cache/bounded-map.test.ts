import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('holds at most its capacity, forgetting the least recently used entry', () => {
    const map = new BoundedMap<string, number>(3);
    for (let i = 0; i < 10; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(['k7', 'k8', 'k9']);
  });

  it('counts a read as a use: the entry read stays, the one not read goes', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('setting a key it holds replaces the value without growing', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect(map.size).toBe(2);
    expect(map.get('a')).toBe(3);
    expect(map.get('b')).toBe(2);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
