// In-memory SunSpec devices for unit tests: a register map laid out from the model definitions (the
// integration tests use pymodbus with a map its own Python fixture lays out), and a RegisterIo over it.
import type { RegisterIo } from '../sunspec/chain';
import type { GroupDef, ModelLibrary, PointDef } from '../sunspec/model-defs';
import { encodePoint, notImplementedWords } from '../sunspec/point-codec';

/** Raw register values by point name (null: not implemented); repeating groups as lists. */
export interface GroupValues {
  [name: string]: number | string | null | GroupValues[];
}

export interface ModelSpec {
  id: number;
  values: GroupValues;
}

function stringWords(text: string, size: number): number[] {
  const bytes = Buffer.alloc(size * 2);
  bytes.write(text, 'latin1');
  return Array.from({ length: size }, (_, i) => bytes.readUInt16BE(i * 2));
}

function pointWords(point: PointDef, value: GroupValues[string] | undefined): number[] {
  if (value === null) return notImplementedWords(point);
  if (value === undefined) return point.type === 'pad' ? [0] : notImplementedWords(point);
  if (typeof value === 'string') return stringWords(value, point.size);
  if (typeof value !== 'number') throw new Error(`${point.name}: a point takes a number or text`);
  if (point.type === 'sunssf' || point.type === 'acc16' || point.type === 'acc32' || point.type === 'acc64' || point.type === 'count') {
    const bits = BigInt(point.size * 16);
    let big = BigInt(value);
    if (big < 0n) big += 1n << bits;
    return Array.from({ length: point.size }, (_, i) => Number((big >> (BigInt(point.size - 1 - i) * 16n)) & 0xffffn));
  }
  return encodePoint(point, value);
}

function groupWords(def: GroupDef, values: GroupValues): number[] {
  const words: number[] = [];
  for (const point of def.points ?? []) words.push(...pointWords(point, values[point.name]));
  for (const sub of def.groups ?? []) {
    const repeats = values[sub.name];
    const list = Array.isArray(repeats) ? repeats : [];
    for (const item of list) words.push(...groupWords(sub, item));
  }
  return words;
}

/** A device's registers from `base`: "SunS", each model with its ID and L, then the end marker. */
export function sunspecRegisters(library: ModelLibrary, models: readonly ModelSpec[], base = 40000): Map<number, number> {
  const registers = new Map<number, number>();
  const put = (words: readonly number[], at: number) => words.forEach((w, i) => registers.set(at + i, w));
  put([0x5375, 0x6e53], base);
  let address = base + 2;
  for (const model of models) {
    const def = library.get(model.id);
    if (!def) throw new Error(`no definition of model ${model.id}`);
    const words = groupWords(def.group, model.values);
    words[0] = model.id;
    words[1] = words.length - 2;
    put(words, address);
    address += words.length;
  }
  put([0xffff, 0], address);
  return registers;
}

/** A RegisterIo over a map; reading an address the map lacks fails like a Modbus illegal-address exception. */
export function memoryIo(registers: Map<number, number>): RegisterIo & { writes: Array<{ address: number; values: number[] }> } {
  const writes: Array<{ address: number; values: number[] }> = [];
  return {
    writes,
    read: async (address, count) =>
      Array.from({ length: count }, (_, i) => {
        const word = registers.get(address + i);
        if (word === undefined) throw new Error(`Modbus exception 2: illegal data address ${address + i}`);
        return word;
      }),
    write: async (address, values) => {
      writes.push({ address, values: [...values] });
      values.forEach((v, i) => registers.set(address + i, v));
    },
  };
}
