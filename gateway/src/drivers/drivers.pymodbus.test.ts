// The drivers and --scan against Debian's pymodbus serving SunSpec maps laid out from the model
// definitions by its own fixture (sunspec_fixture.py), not by the gateway's reader.
import { ModbusTcpIo } from '../modbus/modbus-tcp';
import { scanDevice, scanReport } from '../scan';
import { shippedModels } from '../sunspec/model-defs';
import { SunSpecDevice } from '../sunspec/sunspec-device';
import { startPymodbus, type PymodbusFixture } from '../testing/pymodbus-fixture';
import { describeWithPymodbus } from '../testing/pymodbus-suite';
import { INVERTER_FACTS, testPlantSpec } from '../testing/sunspec-plant';
import { readBattery, readInverter, readMeter } from './drivers';
import { factsOf } from './readings';

const library = shippedModels();

describeWithPymodbus('SunSpec devices served by pymodbus', () => {
  let fixture: PymodbusFixture;
  const ios: ModbusTcpIo[] = [];
  const connect = async (name: string, unit: number) => {
    const io = new ModbusTcpIo({ host: '127.0.0.1', port: fixture.ports[name]!, unit, timeoutMs: 2000 });
    ios.push(io);
    return SunSpecDevice.discover(io, library);
  };

  beforeAll(async () => {
    fixture = await startPymodbus(testPlantSpec());
  });
  afterAll(async () => {
    await Promise.all(ios.map((io) => io.close()));
    await fixture?.close();
  });

  it('finds each device’s models where the fixture laid them out', async () => {
    const inverter = await connect('inverter', 1);
    expect(inverter.chain.base).toBe(40000);
    expect(inverter.chain.models.map((m) => [m.id, m.address])).toEqual(
      [1, 103, 120, 121, 123, 160].map((id) => [id, fixture.addresses.inverter![String(id)]!.ID]),
    );
  });

  it('reads the inverter scaled, its strings by their repeating group, and leaves out what is not implemented', async () => {
    const device = await connect('inverter', 1);
    expect(factsOf((await device.read(1))?.root)).toEqual(INVERTER_FACTS);
    const inverter = await readInverter(device);
    expect(inverter).toMatchObject({ acW: 6000, pvW: 6000, state: 'MPPT', events: [], faulted: false, phaseV: 230.1, hz: 50.01 });
    expect(inverter.wMaxW).toBe(10000);
    expect(inverter.limitPct).toBe(100);
    expect(inverter.limitEnabled).toBe(false);
    expect(inverter.energyWh).toBeGreaterThanOrEqual(12_345_600);
    expect(inverter.strings).toEqual([
      { index: 1, label: 'East', dcW: 6000, dcA: 10.12, dcV: 593 },
      { index: 2, label: 'West', dcW: undefined, dcA: 0, dcV: 0 },
    ]);
  });

  it('reads the meter import > 0 and the battery discharge > 0, per-phase power not implemented left out', async () => {
    const meter = await readMeter(await connect('meter', 2), { invert: false });
    // house 1500 + battery charging 800 − PV 6000
    expect(meter.gridW).toBe(-3700);
    expect(meter.phaseW).toEqual([-1230, -1230, undefined]);
    expect(meter.importWh).toBeGreaterThanOrEqual(1_000_000);
    expect(meter.exportWh).toBeGreaterThanOrEqual(2_000_000);
    const battery = await readBattery(await connect('battery', 3), { invert: false });
    expect(battery).toMatchObject({ powerW: -800, socPct: 55.5, sohPct: 97, state: 'CONNECTED', reservePct: 10, faulted: false });
    expect(battery.reservePoint).toEqual({ model: 124, point: 'MinRsvPct' });
    expect(battery.storage).toEqual({ modeBits: 0, inRatePct: 100, outRatePct: 100, gridCharging: false });
  });

  it('scans a device: every model with its points, writable ones marked, and the config entry to use', async () => {
    const io = new ModbusTcpIo({ host: '127.0.0.1', port: fixture.ports.battery!, unit: 3, timeoutMs: 2000 });
    ios.push(io);
    const lines = scanReport({ host: '127.0.0.1', port: fixture.ports.battery!, unit: 3 }, await scanDevice(io, library));
    expect(lines[0]).toBe(`SunSpec device at 127.0.0.1:${fixture.ports.battery} unit 3: base 40000, 3 models (1, 124, 802)`);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Mn +"Helio Test Storage" +Manufacturer$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}MinRsvPct +RW 10 % WChaMax/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}SoC +55.5 %WHRtg/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}SoH +97 %/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}InBatV +– /));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}State +CONNECTED/));
    expect(lines.at(-1)).toBe(
      `Device entry for gateway.json: {"kind":"battery","host":"127.0.0.1","port":${fixture.ports.battery},"unit":3}`,
    );
  });
});
