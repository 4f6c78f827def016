import { seededRandom } from '../random';
import { initialPlantState, stepPlant, type SimPlantConfig } from './plant';
import { resumeFromReported, toReported } from './reported';

const base: SimPlantConfig = { thingName: 'x', latitude: 50, longitude: 14, pvPeakKw: 8 };

function reportedOf(config: SimPlantConfig) {
  const step = stepPlant(config, initialPlantState(config), new Date('2024-06-17T10:00:00Z'), 5, seededRandom(1), 1);
  return toReported(config, step.state, step.reading);
}

describe('toReported', () => {
  it('reports battery and charger keys only for plants that have them', () => {
    const pvOnly = reportedOf(base);
    expect(Object.keys(pvOnly)).toEqual(expect.arrayContaining(['ActPwrPve', 'ActPwrGrid', 'ActPwrLoad', 'OperMode', 'EnergyPveTotal']));
    for (const key of ['ActPwrBat', 'BatSoc', 'ActPwrEv', 'EvConnected', 'EnergyEvTotal']) {
      expect(pvOnly).not.toHaveProperty(key);
    }
    const full = reportedOf({ ...base, batteryKwh: 10, chargerKw: 11 });
    for (const key of ['ActPwrBat', 'BatSoc', 'ActPwrEv', 'EvConnected', 'EnergyBatChargeTotal', 'EnergyEvTotal']) {
      expect(full).toHaveProperty(key);
    }
    expect(full.OperMode).toBe('self-consumption');
  });

  it('round-trips through resumeFromReported', () => {
    const config = { ...base, batteryKwh: 10, chargerKw: 11 };
    const reported = reportedOf(config);
    const resumed = initialPlantState({ ...config, resume: resumeFromReported(reported) });
    expect(resumed.counters.pvKwh).toBe(reported.EnergyPveTotal);
    expect(resumed.socPct).toBe(reported.BatSoc);
    expect(resumed.exportLimitW).toBe(reported.ExportLimit);
  });

  it('ignores values of the wrong type when resuming', () => {
    expect(resumeFromReported({ BatSoc: 'full', OperMode: 'turbo', EnergyPveTotal: null })).toEqual({});
  });
});
