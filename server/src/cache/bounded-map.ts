// A Map that never holds more than `capacity` entries: setting a new key at the bound forgets the least
// recently used one (read with get, or set). Every cache of the server that is keyed by something the
// fleet, its users or its devices choose (thing names, time zones, tokens) is one of these, or states
// another bound of its own, so a replica's memory cannot grow with the keys it has seen over a day.
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity > 0)) throw new RangeError(`capacity must be a positive integer, not ${capacity}`);
  }

  /** The value, marked most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Sets the value (most recently used); forgets the least recently used entry past the bound. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Least recently used first. */
  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  values(): IterableIterator<V> {
    return this.entries.values();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries[Symbol.iterator]();
  }
}
