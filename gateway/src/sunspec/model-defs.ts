// The SunSpec model definitions as the SunSpec Alliance publishes them (sunspec-models/, JSON, Apache-2.0):
// every model's points in register order with type, size, scale factor, access and symbols. The
// gateway reads devices by these, never by hand-written offsets.
import fs from 'node:fs';
import path from 'node:path';

export const POINT_TYPES = [
  'int16',
  'int32',
  'int64',
  'raw16',
  'uint16',
  'uint32',
  'uint64',
  'acc16',
  'acc32',
  'acc64',
  'bitfield16',
  'bitfield32',
  'bitfield64',
  'enum16',
  'enum32',
  'float32',
  'float64',
  'string',
  'pad',
  'ipaddr',
  'ipv6addr',
  'eui48',
  'sunssf',
  'count',
] as const;
export type PointType = (typeof POINT_TYPES)[number];

export interface SymbolDef {
  name: string;
  value: number;
  label?: string;
}

export interface PointDef {
  name: string;
  type: PointType;
  /** Registers. */
  size: number;
  /** The scale factor: a sunssf point's name (this group or an enclosing one), or a fixed exponent. */
  sf?: string | number;
  access?: 'R' | 'RW';
  mandatory?: 'M' | 'O';
  static?: 'S' | 'D';
  units?: string;
  label?: string;
  desc?: string;
  symbols?: SymbolDef[];
  /** The fixed value of ID points. */
  value?: number | string;
}

export interface GroupDef {
  name: string;
  type: 'group' | 'sync';
  /** Repetitions: a number (0: as many as the model's length holds) or the name of a count point. */
  count?: number | string;
  points?: PointDef[];
  groups?: GroupDef[];
  label?: string;
  desc?: string;
}

export interface ModelDef {
  id: number;
  group: GroupDef;
  label?: string;
  desc?: string;
}

/** The folder shipped beside dist/ and src/ (the package's `sunspec-models`). */
export const DEFAULT_MODELS_DIR = path.join(__dirname, '..', '..', 'sunspec-models');

function isModelDef(value: unknown): value is ModelDef {
  if (typeof value !== 'object' || value === null) return false;
  const { id, group } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof group === 'object' && group !== null && Array.isArray((group as GroupDef).points);
}

/** Model definitions by id, read once from a folder of `model_<id>.json` files. */
export class ModelLibrary {
  private readonly byId = new Map<number, ModelDef>();

  constructor(dir: string = DEFAULT_MODELS_DIR) {
    for (const file of fs.readdirSync(dir)) {
      const match = /^model_(\d+)\.json$/.exec(file);
      if (!match) continue;
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (!isModelDef(parsed) || parsed.id !== Number(match[1])) throw new Error(`${file} is not a SunSpec model definition`);
      this.byId.set(parsed.id, parsed);
    }
  }

  get(id: number): ModelDef | undefined {
    return this.byId.get(id);
  }

  ids(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }
}

let shared: ModelLibrary | undefined;

/** The definitions shipped with the gateway, loaded on first use. */
export function shippedModels(): ModelLibrary {
  shared ??= new ModelLibrary();
  return shared;
}
