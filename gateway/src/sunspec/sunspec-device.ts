// One SunSpec device over Modbus: its model chain, its models read by their definitions, and writes of
// the few points the gateway maps (MAPPED_WRITES), each read back. A point outside that list, a
// read-only point or a value the point cannot hold is refused before anything is written.
import { readRegisters, walkChain, type ModelLocation, type RegisterIo, type SunSpecChain } from './chain';
import type { ModelLibrary } from './model-defs';
import { readModel, type ModelReading } from './model-reading';
import { decodePoint, encodePoint, scaled, unscaled } from './point-codec';

/**
 * The only points the gateway ever writes, as `<model>.<point>`: the immediate controls (123, 704)
 * for the power limit, storage controls (124) and the battery's reserve (802).
 */
export const MAPPED_WRITES: ReadonlySet<string> = new Set([
  '123.WMaxLimPct',
  '123.WMaxLim_Ena',
  '124.StorCtl_Mod',
  '124.MinRsvPct',
  '124.InWRte',
  '124.OutWRte',
  '124.ChaGriSet',
  '704.WMaxLimPctEna',
  '704.WMaxLimPct',
  '802.SoCRsvMin',
]);

export class WriteRefused extends Error {}

export class SunSpecDevice {
  private constructor(
    private readonly io: RegisterIo,
    readonly chain: SunSpecChain,
    private readonly library: ModelLibrary,
  ) {}

  /** Finds the device's base and walks its models. */
  static async discover(io: RegisterIo, library: ModelLibrary): Promise<SunSpecDevice> {
    return new SunSpecDevice(io, await walkChain(io), library);
  }

  has(id: number): boolean {
    return this.chain.models.some((m) => m.id === id);
  }

  /** Where each instance of a model sits (a device may carry one model more than once). */
  locations(id: number): ModelLocation[] {
    return this.chain.models.filter((m) => m.id === id);
  }

  /** Reads one instance of a model (the first by default); undefined when the device lacks it or its definition is unknown. */
  async read(id: number, instance = 0): Promise<ModelReading | undefined> {
    const location = this.locations(id)[instance];
    const def = this.library.get(id);
    if (!location || !def) return undefined;
    return readModel(def, await readRegisters(this.io, location.address, location.length + 2));
  }

  /**
   * Writes a point of a model's first instance in its unit (the scale factor applied) and answers the
   * value read back from the device. Refused (WriteRefused, nothing written) for a point outside
   * MAPPED_WRITES, a model or point the device lacks, a read-only point, or a value the point cannot hold.
   */
  async write(id: number, name: string, value: number): Promise<number | null> {
    if (!MAPPED_WRITES.has(`${id}.${name}`)) throw new WriteRefused(`${id}.${name} is not a point the gateway writes`);
    const location = this.locations(id)[0];
    if (!location) throw new WriteRefused(`the device has no model ${id}`);
    const reading = await this.read(id);
    const point = reading?.root.points.get(name);
    if (!reading || !point) throw new WriteRefused(`the device's model ${id} has no point ${name}`);
    if (point.def.access !== 'RW') throw new WriteRefused(`${id}.${name} is read-only`);
    if (point.def.sf !== undefined && point.sf === undefined) throw new WriteRefused(`${id}.${name} has no scale factor on this device`);
    const sf = point.sf ?? 0;
    let words: number[];
    try {
      words = encodePoint(point.def, unscaled(value, sf));
    } catch (error) {
      throw new WriteRefused((error as Error).message);
    }
    const address = location.address + point.offset;
    await this.io.write(address, words);
    const back = decodePoint(point.def, await this.io.read(address, point.def.size));
    return typeof back === 'number' ? scaled(back, sf) : null;
  }
}
