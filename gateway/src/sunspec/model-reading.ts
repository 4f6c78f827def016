// A model's registers read into its points by the model's definition: offsets from the definition's
// sizes, repeating groups by their count point or by what the model's length holds, scale factors from
// their sunssf points (in the point's group or an enclosing one), "not implemented" values as null.
import type { GroupDef, ModelDef, PointDef } from './model-defs';
import { decodePoint, scaled, type RawValue } from './point-codec';

export interface PointReading {
  def: PointDef;
  /** Register offset from the model's first register (its ID). */
  offset: number;
  /** As stored; null when the device says it is not implemented. */
  raw: RawValue | null;
  /** With its scale factor applied; null when it or its scale factor is not implemented. */
  value: number | string | null;
  /** The scale factor's exponent, when the point has one and it is implemented. */
  sf?: number;
}

export interface GroupReading {
  name: string;
  points: ReadonlyMap<string, PointReading>;
  /** Nested groups by name, each with its repetitions in register order. */
  groups: ReadonlyMap<string, GroupReading[]>;
}

export interface ModelReading {
  id: number;
  /** The model's length in registers, without its ID and L. */
  length: number;
  def: ModelDef;
  root: GroupReading;
}

interface MutableGroup {
  name: string;
  points: Map<string, PointReading>;
  groups: Map<string, GroupReading[]>;
}

/** Longest a repeating group may repeat: a count point with a wild value must not run away. */
const MAX_REPEATS = 1000;

function findPoint(name: string, scope: readonly MutableGroup[]): PointReading | undefined {
  for (const group of scope) {
    const found = group.points.get(name);
    if (found) return found;
  }
  return undefined;
}

function scaleOf(point: PointDef, scope: readonly MutableGroup[]): number | null | undefined {
  if (point.sf === undefined) return undefined;
  if (typeof point.sf === 'number') return point.sf;
  const sf = findPoint(point.sf, scope)?.raw;
  return typeof sf === 'number' ? sf : null;
}

function valueOf(reading: PointReading, scope: readonly MutableGroup[]): void {
  const { def, raw } = reading;
  if (raw === null) return;
  if (typeof raw === 'string') {
    reading.value = raw;
    return;
  }
  const sf = scaleOf(def, scope);
  if (sf === null) return; // the scale factor is not implemented: neither is the value
  if (sf === undefined) {
    reading.value = Number(raw);
    return;
  }
  reading.sf = sf;
  reading.value = scaled(Number(raw), sf);
}

const groupSize = (group: GroupDef): number =>
  (group.points ?? []).reduce((sum, p) => sum + p.size, 0) +
  (group.groups ?? []).reduce((sum, g) => sum + (typeof g.count === 'number' && g.count > 0 ? g.count * groupSize(g) : 0), 0);

function decodeGroup(
  def: GroupDef,
  words: readonly number[],
  start: number,
  end: number,
  parents: readonly MutableGroup[],
): { group: MutableGroup; next: number } {
  const group: MutableGroup = { name: def.name, points: new Map(), groups: new Map() };
  const scope = [group, ...parents];
  let cursor = start;
  for (const point of def.points ?? []) {
    // A device may implement an older, shorter version of a model: the points past its length are absent.
    if (cursor + point.size > end) break;
    group.points.set(point.name, {
      def: point,
      offset: cursor,
      raw: decodePoint(point, words.slice(cursor, cursor + point.size)),
      value: null,
    });
    cursor += point.size;
  }
  // Scale factors may come after the points they scale (model 103's A_SF follows A…AphC).
  for (const reading of group.points.values()) valueOf(reading, scope);
  for (const sub of def.groups ?? []) {
    const repeats: GroupReading[] = [];
    const count = sub.count ?? 1;
    const wanted = typeof count === 'string' ? findPoint(count, scope)?.raw : count;
    // count 0: as many as the rest of the model holds.
    const fill = wanted === 0;
    const times = typeof wanted === 'number' ? Math.min(fill ? MAX_REPEATS : wanted, MAX_REPEATS) : 0;
    const size = groupSize(sub);
    for (let i = 0; i < times && cursor < end; i++) {
      if (fill && size > 0 && cursor + size > end) break;
      const decoded = decodeGroup(sub, words, cursor, end, scope);
      if (decoded.next === cursor) break;
      repeats.push(decoded.group);
      cursor = decoded.next;
    }
    group.groups.set(sub.name, repeats);
  }
  return { group, next: cursor };
}

/** Reads a model's registers, from its ID through its last register (2 + L of them). */
export function readModel(def: ModelDef, words: readonly number[]): ModelReading {
  const [id, length] = words;
  if (id !== def.id) throw new Error(`registers of model ${id} read as model ${def.id}`);
  if (length === undefined || words.length < length + 2)
    throw new Error(`model ${def.id}: ${words.length} registers, its length says ${(length ?? 0) + 2}`);
  const { group } = decodeGroup(def.group, words, 0, length + 2, []);
  return { id, length, def, root: group };
}

/** A point's value as a number; undefined when absent or not implemented. */
export function numberOf(group: GroupReading | undefined, name: string): number | undefined {
  const value = group?.points.get(name)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A point's value as text; undefined when absent or not implemented. */
export function textOf(group: GroupReading | undefined, name: string): string | undefined {
  const value = group?.points.get(name)?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An enum point's symbol name (the number itself for a value the definition does not name). */
export function symbolOf(group: GroupReading | undefined, name: string): string | undefined {
  const point = group?.points.get(name);
  if (!point || typeof point.raw !== 'number') return undefined;
  return point.def.symbols?.find((s) => s.value === point.raw)?.name ?? String(point.raw);
}

/** A bitfield point's set bits by their symbol names (`BIT_<n>` for a bit the definition does not name). */
export function flagsOf(group: GroupReading | undefined, name: string): string[] {
  const point = group?.points.get(name);
  if (!point || point.raw === null || typeof point.raw === 'string') return [];
  const bits = BigInt(point.raw);
  const names: string[] = [];
  for (let bit = 0n; bits >> bit > 0n; bit++) {
    if (((bits >> bit) & 1n) === 0n) continue;
    names.push(point.def.symbols?.find((s) => BigInt(s.value) === bit)?.name ?? `BIT_${bit}`);
  }
  return names;
}
