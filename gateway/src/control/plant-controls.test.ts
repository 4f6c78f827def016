import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readBattery, readInverter } from '../drivers/drivers';
import type { BatteryReading, InverterReading } from '../drivers/readings';
import { LocalStore } from '../store/local-store';
import { shippedModels } from '../sunspec/model-defs';
import { SunSpecDevice } from '../sunspec/sunspec-device';
import { memoryIo, sunspecRegisters, type ModelSpec } from '../testing/register-map';
import { PlantControls, type Controllable } from './plant-controls';

const library = shippedModels();
const COMMON: ModelSpec = { id: 1, values: { Mn: 'Test', Md: 'T', SN: '1', Vr: '1' } };
const STORAGE: ModelSpec = {
  id: 124,
  values: { WChaMax: 500, WChaMax_SF: 1, StorCtl_Mod: 0, MinRsvPct: 100, MinRsvPct_SF: -1, OutWRte: 1000, InWRte: 1000, InOutWRte_SF: -1 },
};
const INVERTER_WITHOUT_CONTROLS: ModelSpec[] = [
  COMMON,
  { id: 103, values: { W: 500, W_SF: 1, St: 4 } },
  { id: 121, values: { WMax: 1000, WMax_SF: 1 } },
];

async function controllable<R extends InverterReading | BatteryReading>(models: ModelSpec[], read: (d: SunSpecDevice) => Promise<R>) {
  const io = memoryIo(sunspecRegisters(library, models));
  const device = await SunSpecDevice.discover(io, library);
  const item: Controllable<R> = { id: 'x-1', device, reading: await read(device), reread: () => read(device) };
  return { io, item };
}

describe('the console’s controls at the devices', () => {
  const dirs: string[] = [];
  const warnings: string[] = [];
  const controls = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-gw-controls-'));
    dirs.push(dir);
    return new PlantControls(new LocalStore(path.join(dir, 'gateway.db')), { info: () => undefined, warn: (m) => warnings.push(m) });
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const battery = () => controllable([COMMON, STORAGE], (d) => readBattery(d, { invert: false }));

  it('writes an operating mode to the storage controls and reports the mode read back', async () => {
    const { io, item } = await battery();
    const plant = controls();
    plant.takeDelta({ OperMode: 'backup' });
    const reported = await plant.cycle({
      inverters: [],
      batteries: [item],
      configured: { inverters: 0, batteries: 1, meter: false },
      gridW: undefined,
    });
    expect(reported).toMatchObject({ OperMode: 'backup', BatSocMin: 10 });
    expect(io.writes.map((w) => w.values)).toEqual([[0], [2]]);
  });

  it('refuses, with its reason, a mode without storage controls, a limit no inverter takes and a value outside the contract', async () => {
    const plant = controls();
    const { item: inverter } = await controllable(INVERTER_WITHOUT_CONTROLS, readInverter);
    plant.takeDelta({ OperMode: 'idle', ExportLimit: 2000, BatSocMin: 5, Unknown: 1 });
    const reported = await plant.cycle({
      inverters: [inverter],
      batteries: [],
      configured: { inverters: 1, batteries: 0, meter: false },
      gridW: undefined,
    });
    expect(reported.ControlRefused).toEqual({
      BatSocMin: 'BatSocMin must be from 10 to 90 %',
      Unknown: 'Unknown is not a setting the SunSpec gateway applies',
      OperMode: 'idle needs a battery with SunSpec storage controls (model 124)',
      ExportLimit: 'no inverter takes a power limit (SunSpec model 123 or 704 with WMax)',
    });
    expect(reported.OperMode).toBe('self-consumption');
    expect(reported).not.toHaveProperty('ExportLimit');
  });

  it('waits for a battery that did not answer instead of refusing, and applies once it does', async () => {
    const { item } = await battery();
    const plant = controls();
    plant.takeDelta({ BatSocMin: 30 });
    const silent = await plant.cycle({
      inverters: [],
      batteries: [],
      configured: { inverters: 0, batteries: 1, meter: false },
      gridW: undefined,
    });
    expect(silent).not.toHaveProperty('ControlRefused');
    const back = await plant.cycle({
      inverters: [],
      batteries: [item],
      configured: { inverters: 0, batteries: 1, meter: false },
      gridW: undefined,
    });
    expect(back.BatSocMin).toBe(30);
  });
});
