// Finding a device's SunSpec models: the "SunS" marker at one of the well-known bases (40000, 0,
// 50000), then the chain of models, each an ID and a length L followed by L registers, up to the end
// marker (ID 0xFFFF).
export interface RegisterIo {
  /** Holding registers from `address` (function 3). */
  read(address: number, count: number): Promise<number[]>;
  /** Holding registers from `address` (function 16). */
  write(address: number, values: readonly number[]): Promise<void>;
}

/** The most registers one Modbus read may ask for. */
export const MAX_READ_REGISTERS = 125;
export const SUNSPEC_BASES = [40000, 0, 50000] as const;
const SUNS = [0x5375, 0x6e53];
const END_ID = 0xffff;
/** A device lists a few dozen models at most; a chain longer than this is a device that is not SunSpec. */
const MAX_MODELS = 256;

export interface ModelLocation {
  id: number;
  /** Address of the model's ID register. */
  address: number;
  /** Registers after ID and L. */
  length: number;
}

export interface SunSpecChain {
  base: number;
  models: ModelLocation[];
}

/** Reads `count` registers from `address` in as many reads as Modbus allows. */
export async function readRegisters(io: RegisterIo, address: number, count: number): Promise<number[]> {
  const words: number[] = [];
  for (let at = address; at < address + count; at += MAX_READ_REGISTERS) {
    const n = Math.min(MAX_READ_REGISTERS, address + count - at);
    const chunk = await io.read(at, n);
    if (chunk.length !== n) throw new Error(`asked for ${n} registers at ${at}, got ${chunk.length}`);
    words.push(...chunk);
  }
  return words;
}

export class NotSunSpecError extends Error {}

/** The base whose first two registers read "SunS"; a base the device refuses to read is tried no further. */
export async function findBase(io: RegisterIo): Promise<number> {
  const tried: string[] = [];
  for (const base of SUNSPEC_BASES) {
    try {
      const words = await io.read(base, 2);
      if (words[0] === SUNS[0] && words[1] === SUNS[1]) return base;
      tried.push(`${base}: ${words.map((w) => `0x${w.toString(16).padStart(4, '0')}`).join(' ')}`);
    } catch (error) {
      if (isTransportError(error)) throw error;
      tried.push(`${base}: ${(error as Error).message}`);
    }
  }
  throw new NotSunSpecError(`no SunSpec marker "SunS" at 40000, 0 or 50000 (${tried.join('; ')})`);
}

/** A failure of the connection itself (as opposed to the device refusing one address). */
export function isTransportError(error: unknown): boolean {
  return error instanceof Error && (error as Error & { transport?: boolean }).transport === true;
}

/** Walks the model chain from the base; the common model (1) must come first. */
export async function walkChain(io: RegisterIo): Promise<SunSpecChain> {
  const base = await findBase(io);
  const models: ModelLocation[] = [];
  let address = base + 2;
  while (models.length < MAX_MODELS) {
    if (address + 2 > 0x10000) throw new NotSunSpecError(`the model chain runs past the last register (at ${address})`);
    let words: number[];
    try {
      words = await io.read(address, 2);
    } catch (error) {
      // Some devices end the chain without a marker: the next address is simply refused.
      if (isTransportError(error) || models.length === 0) throw error;
      break;
    }
    const [id, length] = words;
    if (id === undefined || length === undefined || id === END_ID) break;
    models.push({ id, address, length });
    address += 2 + length;
  }
  if (models.length === MAX_MODELS) throw new NotSunSpecError(`the model chain has no end marker within ${MAX_MODELS} models`);
  if (models[0]?.id !== 1) throw new NotSunSpecError(`the first model is ${models[0]?.id ?? 'missing'}, not the common model 1`);
  return { base, models };
}
