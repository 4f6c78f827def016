import type { BatteryReading, InverterReading, MeterReading } from '../drivers/readings';
import { plantReported } from './plant-report';

const inverter = (over: Partial<InverterReading> = {}): InverterReading => ({
  kind: 'inverter',
  acW: 5800,
  pvW: 6000,
  energyWh: 1_234_567,
  strings: [
    { index: 1, label: 'East', dcW: 4000, dcA: 10.126, dcV: 395.04 },
    { index: 2, label: 'West', dcW: 2000, dcA: 5, dcV: 400 },
  ],
  state: 'MPPT',
  events: [],
  faulted: false,
  wMaxW: 10_000,
  ...over,
});
const meter: MeterReading = {
  kind: 'meter',
  gridW: -3700.4,
  phaseW: [],
  importWh: 1_000_500,
  exportWh: 2_000_250,
  phaseV: 230.14,
  events: [],
};
const battery: BatteryReading = { kind: 'battery', powerW: -800, socPct: 55.5, events: [], faulted: false, capacityWh: 10_000 };

describe('a plant’s devices as Helio’s reported state', () => {
  it('reports the simulator’s keys: PV, grid import > 0, battery discharge > 0, SoC, the house as the balance, counters in kWh', () => {
    const reported = plantReported({ inverters: [inverter()], meter, batteries: [battery], devices: [] }, '0.1.0');
    expect(reported).toMatchObject({
      FirmwareVersion: 'helio-gateway 0.1.0',
      ActPwrPve: 6000,
      ActPwrGrid: -3700,
      ActPwrBat: -800,
      BatSoc: 55.5,
      ActPwrLoad: 1500,
      EnergyPveTotal: 1234.567,
      EnergyGridImportTotal: 1000.5,
      EnergyGridExportTotal: 2000.25,
      InverterState: 'running',
      InverterEvents: '',
      GridStatus: 'connected',
      GridVoltage: 230.1,
      PvStrings: { '1': { DCW: 4000, DCA: 10.13, DCV: 395 }, '2': { DCW: 2000, DCA: 5, DCV: 400 } },
    });
  });

  it('names a faulted inverter’s events, and a grid outage the meter or an inverter flags', () => {
    const faulted = inverter({ state: 'FAULT', faulted: true, events: ['GROUND_FAULT', 'GRID_DISCONNECT'] });
    const reported = plantReported({ inverters: [faulted, inverter()], meter, batteries: [], devices: [] }, '0.1.0');
    expect(reported).toMatchObject({ InverterState: 'fault', InverterEvents: 'GROUND_FAULT, GRID_DISCONNECT', GridStatus: 'outage' });
    expect(Object.keys(reported.PvStrings as object)).toEqual(['1-1', '1-2', '2-1', '2-2']);
  });

  it('leaves out what no device answered: no meter, no grid and no house; no battery, no battery keys', () => {
    const reported = plantReported(
      { inverters: [inverter({ pvW: undefined, strings: [] })], batteries: [], devices: [{ id: 'inverter-1', kind: 'inverter' }] },
      '0.1.0',
    );
    expect(reported.ActPwrPve).toBe(5800);
    for (const key of ['ActPwrGrid', 'ActPwrLoad', 'ActPwrBat', 'BatSoc', 'PvStrings', 'Devices', 'GridVoltage'])
      expect(reported).not.toHaveProperty(key);
  });

  it('weighs state of charge by capacity, and names each device by its model 1', () => {
    const small: BatteryReading = { ...battery, socPct: 20, capacityWh: 5000, powerW: 500 };
    const reported = plantReported(
      {
        inverters: [],
        meter,
        batteries: [battery, small],
        devices: [{ id: 'battery-1', kind: 'battery', facts: { maker: 'BYD', model: 'HVM', serial: 'B1', firmware: '3.2' } }],
      },
      '0.1.0',
    );
    expect(reported.BatSoc).toBe(43.7);
    expect(reported.ActPwrBat).toBe(-300);
    expect(reported.Devices).toEqual({ 'battery-1': { kind: 'battery', maker: 'BYD', model: 'HVM', serial: 'B1', firmware: '3.2' } });
  });
});
