import { memoryIo, sunspecRegisters, type ModelSpec } from '../testing/register-map';
import { walkChain } from './chain';
import { shippedModels } from './model-defs';
import { flagsOf, numberOf, symbolOf, textOf } from './model-reading';
import { SunSpecDevice, WriteRefused } from './sunspec-device';

const library = shippedModels();

const COMMON: ModelSpec = { id: 1, values: { Mn: 'Fronius', Md: 'Symo 10.0-3-M', Vr: '1.28.7-1', SN: '31415926' } };
const INVERTER: ModelSpec[] = [
  COMMON,
  {
    id: 103,
    values: {
      A: 1234,
      A_SF: -2,
      PhVphA: 2301,
      PhVphB: 2299,
      PhVphC: null,
      V_SF: -1,
      W: 432,
      W_SF: 1,
      Hz: 5001,
      Hz_SF: -2,
      WH: 123456,
      WH_SF: 1,
      DCW: null,
      DCW_SF: null,
      St: 7,
      Evt1: 0b10000001,
    },
  },
  { id: 120, values: { DERTyp: 4, WRtg: 1000, WRtg_SF: 1 } },
  { id: 121, values: { WMax: 1000, WMax_SF: 1 } },
  { id: 123, values: { WMaxLimPct: 1000, WMaxLimPct_SF: -1, WMaxLim_Ena: 0, Conn: 1 } },
  {
    id: 160,
    values: {
      DCA_SF: -2,
      DCV_SF: -1,
      DCW_SF: 0,
      N: 2,
      module: [
        { ID: 1, IDStr: 'String 1', DCA: 812, DCV: 6123, DCW: 4970 },
        { ID: 2, IDStr: 'String 2', DCA: 0, DCV: 0, DCW: null },
      ],
    },
  },
];

describe('a SunSpec device read by the model definitions', () => {
  it('finds the chain at 40000, 0 or 50000 and lists its models with their addresses', async () => {
    for (const base of [40000, 0, 50000]) {
      const chain = await walkChain(memoryIo(sunspecRegisters(library, INVERTER, base)));
      expect(chain.base).toBe(base);
      expect(chain.models.map((m) => m.id)).toEqual([1, 103, 120, 121, 123, 160]);
      expect(chain.models[0]).toEqual({ id: 1, address: base + 2, length: 66 });
      expect(chain.models[1]?.address).toBe(base + 2 + 68);
    }
  });

  it('refuses a device without the SunSpec marker, naming what it found', async () => {
    const registers = new Map([
      [40000, 0x1234],
      [40001, 0x5678],
    ]);
    await expect(walkChain(memoryIo(registers))).rejects.toThrow(/no SunSpec marker.*40000: 0x1234 0x5678/);
  });

  it('reads points by name with their scale factors, and not-implemented points as absent', async () => {
    const device = await SunSpecDevice.discover(memoryIo(sunspecRegisters(library, INVERTER)), library);
    const common = (await device.read(1))?.root;
    expect([textOf(common, 'Mn'), textOf(common, 'Md'), textOf(common, 'SN'), textOf(common, 'Vr')]).toEqual([
      'Fronius',
      'Symo 10.0-3-M',
      '31415926',
      '1.28.7-1',
    ]);
    const inverter = (await device.read(103))?.root;
    expect(numberOf(inverter, 'A')).toBe(12.34);
    expect(numberOf(inverter, 'PhVphA')).toBe(230.1);
    expect(numberOf(inverter, 'PhVphC')).toBeUndefined();
    expect(numberOf(inverter, 'W')).toBe(4320);
    expect(numberOf(inverter, 'Hz')).toBe(50.01);
    expect(numberOf(inverter, 'WH')).toBe(1234560);
    expect(numberOf(inverter, 'DCW')).toBeUndefined();
    expect(numberOf(inverter, 'TmpSnk')).toBeUndefined();
    expect(symbolOf(inverter, 'St')).toBe('FAULT');
    expect(flagsOf(inverter, 'Evt1')).toEqual(['GROUND_FAULT', 'OVER_TEMP']);
  });

  it('reads a repeating group as many times as its count point says', async () => {
    const device = await SunSpecDevice.discover(memoryIo(sunspecRegisters(library, INVERTER)), library);
    const mppt = await device.read(160);
    const modules = mppt?.root.groups.get('module') ?? [];
    expect(modules).toHaveLength(2);
    expect(modules.map((m) => [textOf(m, 'IDStr'), numberOf(m, 'DCA'), numberOf(m, 'DCV'), numberOf(m, 'DCW')])).toEqual([
      ['String 1', 8.12, 612.3, 4970],
      ['String 2', 0, 0, undefined],
    ]);
  });

  it('writes a mapped point in its unit and answers the value read back', async () => {
    const io = memoryIo(sunspecRegisters(library, INVERTER));
    const device = await SunSpecDevice.discover(io, library);
    await expect(device.write(123, 'WMaxLimPct', 42.5)).resolves.toBe(42.5);
    const controls = device.locations(123)[0]!;
    expect(io.writes).toEqual([{ address: controls.address + 5, values: [425] }]);
    expect(numberOf((await device.read(123))?.root, 'WMaxLimPct')).toBe(42.5);
  });

  it('refuses, writing nothing, a point it does not map, a read-only point, a model the device lacks and a value out of range', async () => {
    const io = memoryIo(sunspecRegisters(library, INVERTER));
    const device = await SunSpecDevice.discover(io, library);
    await expect(device.write(121, 'WMax', 500)).rejects.toThrow(new WriteRefused('121.WMax is not a point the gateway writes'));
    await expect(device.write(124, 'MinRsvPct', 20)).rejects.toThrow('the device has no model 124');
    await expect(device.write(123, 'WMaxLimPct', 7000)).rejects.toThrow('outside');
    expect(io.writes).toEqual([]);
  });
});
