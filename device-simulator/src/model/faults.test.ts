import { seededRandom } from '../random';
import { NO_FAULTS, parseFaults } from './faults';
import { initialPlantState, stepPlant, type SimPlantConfig } from './plant';
import { toReported } from './reported';

const FULL: SimPlantConfig = {
  thingName: 'f',
  latitude: 50.08,
  longitude: 14.42,
  timezone: 'Europe/Prague',
  pvPeakKw: 10,
  batteryKwh: 10,
  chargerKw: 11,
};
const NOON = new Date('2024-06-17T10:30:00Z'); // a clear June noon near Prague: PV well above the house

function stepWith(faults: typeof NO_FAULTS) {
  const state = { ...initialPlantState(FULL), faults };
  const step = stepPlant(FULL, state, NOON, 60, seededRandom(3), 3);
  return { before: state, ...step, reported: toReported(FULL, step.state, step.reading) };
}

describe('injected faults', () => {
  it('report a running inverter and a connected grid without faults, with PV producing', () => {
    const { reading, reported } = stepWith(NO_FAULTS);
    expect(reading.pvW).toBeGreaterThan(1000);
    expect(reported).toMatchObject({ InverterState: 'running', GridStatus: 'connected' });
  });

  it('an inverter fault stops PV and the battery, the grid carries the house, and it is reported as the fault state', () => {
    const { reading, reported, state, before } = stepWith({ inverterFault: true, gridOutage: false });
    expect(reading).toMatchObject({ pvW: 0, batteryW: 0 });
    expect(reading.loadW).toBeGreaterThan(0);
    expect(reading.gridW).toBe(reading.loadW + reading.evW);
    expect(state.socPct).toBe(before.socPct);
    expect(reported).toMatchObject({ InverterState: 'fault', GridStatus: 'connected', ActPwrPve: 0 });
  });

  it('a grid outage disconnects the grid-tied plant: nothing flows, no energy counted, the outage is reported', () => {
    const { reading, reported, state, before } = stepWith({ inverterFault: false, gridOutage: true });
    expect(reading).toMatchObject({ pvW: 0, gridW: 0, batteryW: 0, loadW: 0, evW: 0 });
    expect(state.counters).toEqual(before.counters);
    expect(reported).toMatchObject({ GridStatus: 'outage', ActPwrGrid: 0 });
  });
});

describe('parseFaults', () => {
  it('reads the control message, missing keys as false, an empty payload as no faults', () => {
    expect(parseFaults('{"inverterFault":true}')).toEqual({ inverterFault: true, gridOutage: false });
    expect(parseFaults(Buffer.from('{"gridOutage":true,"inverterFault":false}'))).toEqual({ inverterFault: false, gridOutage: true });
    expect(parseFaults('')).toEqual(NO_FAULTS);
  });

  it.each(['not json', '[]', 'null', '{"inverterFault":"yes"}', '{"gridOutage":1}', '{"meltdown":true}'])('refuses %s', (payload) => {
    expect(parseFaults(payload)).toBeUndefined();
  });
});

describe('the gateway-offline fault', () => {
  it('reads offlineUntil as an epoch ms and refuses anything else there', () => {
    expect(parseFaults('{"offlineUntil":1700000000000}')).toEqual({ inverterFault: false, gridOutage: false, offlineUntil: 1700000000000 });
    expect(parseFaults('{"offlineUntil":"soon"}')).toBeUndefined();
  });
});
