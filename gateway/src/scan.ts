// `--scan HOST:PORT [--unit N]`: what a device offers, before it is configured. Finds the SunSpec base,
// walks the model chain and prints every model with its points' values (in their units, RW where
// writable, "–" where not implemented), and the device entry the gateway's config would take.
import type { SunSpecChain } from './sunspec/chain';
import type { ModelLibrary, PointDef } from './sunspec/model-defs';
import { flagsOf, type GroupReading, type ModelReading, type PointReading } from './sunspec/model-reading';
import { SunSpecDevice } from './sunspec/sunspec-device';
import type { RegisterIo } from './sunspec/chain';
import { guessKind } from './drivers/device-kind';

export interface ScanResult {
  chain: SunSpecChain;
  readings: Array<{ id: number; address: number; length: number; reading?: ModelReading; error?: string }>;
}

export async function scanDevice(io: RegisterIo, library: ModelLibrary): Promise<ScanResult> {
  const device = await SunSpecDevice.discover(io, library);
  const readings: ScanResult['readings'] = [];
  const seen = new Map<number, number>();
  for (const location of device.chain.models) {
    const instance = seen.get(location.id) ?? 0;
    seen.set(location.id, instance + 1);
    try {
      readings.push({ ...location, reading: await device.read(location.id, instance) });
    } catch (error) {
      readings.push({ ...location, error: (error as Error).message });
    }
  }
  return { chain: device.chain, readings };
}

function symbolName(point: PointReading): string | undefined {
  return point.def.symbols?.find((s) => s.value === point.raw)?.name;
}

function shown(point: PointReading, group: GroupReading): string {
  if (point.value === null) return '–';
  const { type, units } = point.def;
  if (type.startsWith('bitfield')) {
    const flags = flagsOf(group, point.def.name);
    return flags.length > 0 ? flags.join(' ') : '0';
  }
  if (type.startsWith('enum')) return symbolName(point) ?? String(point.value);
  if (typeof point.value === 'string') return JSON.stringify(point.value);
  return units ? `${point.value} ${units}` : String(point.value);
}

const SKIPPED: ReadonlySet<PointDef['type']> = new Set(['pad']);

function groupLines(group: GroupReading, indent: string, lines: string[]): void {
  for (const point of group.points.values()) {
    if (SKIPPED.has(point.def.type) || point.def.name === 'ID' || point.def.name === 'L') continue;
    const access = point.def.access === 'RW' ? 'RW' : '  ';
    lines.push(`${indent}${point.def.name.padEnd(18)} ${access} ${shown(point, group).padEnd(24)} ${point.def.label ?? ''}`.trimEnd());
  }
  for (const [name, repeats] of group.groups) {
    repeats.forEach((repeat, index) => {
      lines.push(`${indent}${name}[${index + 1}]`);
      groupLines(repeat, `${indent}  `, lines);
    });
  }
}

/** The lines `--scan` prints. */
export function scanReport(target: { host: string; port: number; unit: number }, result: ScanResult): string[] {
  const { chain, readings } = result;
  const lines = [
    `SunSpec device at ${target.host}:${target.port} unit ${target.unit}: base ${chain.base}, ${readings.length} models (${readings.map((r) => r.id).join(', ')})`,
  ];
  for (const entry of readings) {
    const label = entry.reading?.def.label ?? entry.reading?.def.group.label;
    lines.push('', `model ${entry.id}${label ? ` ${label}` : ''} at ${entry.address}, ${entry.length} registers`);
    if (entry.error) lines.push(`  could not be read: ${entry.error}`);
    else if (!entry.reading) lines.push('  (no definition of this model is shipped with the gateway)');
    else groupLines(entry.reading.root, '  ', lines);
  }
  const kind = guessKind(readings.map((r) => r.id));
  lines.push(
    '',
    kind
      ? `Device entry for gateway.json: ${JSON.stringify({ kind, host: target.host, port: target.port, unit: target.unit })}`
      : 'The gateway reads inverters (models 101-103, 111-113 or 701), meters (201-204, 211-214) and batteries (124, 802): none of them here.',
  );
  return lines;
}
