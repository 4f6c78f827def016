import i18next from 'i18next';
import { CHARGER_KEYS, GRID_STATUSES, INVERTER_STATES, METRIC_KEYS, OPER_MODES, EV_MODES } from '@helio/contracts/device';
import cs from '../../locales/cs/common.json';
import en from '../../locales/en/common.json';
import { metricInfo } from './metrics';
import { metricUnitText, metricValueTextIn } from './metric-value';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'cs', resources: { cs: { common: cs }, en: { common: en } }, defaultNS: 'common', initAsync: false });
const tCs = i18n.getFixedT('cs', 'common');
const tEn = i18n.getFixedT('en', 'common');

// EvPlanSlots is a list of time windows, shown as the plan's chart, never as one value
const SHOWN_KEYS = [...Object.values(METRIC_KEYS), ...Object.values(CHARGER_KEYS)].filter((key) => key !== 'EvPlanSlots');

describe('the metric catalogue the console shows', () => {
  it('names every key a gateway or charger reports in Czech and English, with a unit or what the value is', () => {
    const missing = SHOWN_KEYS.filter((key) => {
      const info = metricInfo(key);
      return !info || !i18n.exists(info.labelKey, { lng: 'cs' }) || !i18n.exists(info.labelKey, { lng: 'en' }) || !metricUnitText(tCs, key);
    });
    expect(missing).toEqual([]);
  });

  it('gives the battery limits their units and a phase count no dash (BatChargeMax, EvActivePhases)', () => {
    expect(metricUnitText(tCs, 'BatChargeMax')).toBe('W');
    expect(metricUnitText(tCs, 'EvActivePhases', '')).toBe('počet');
    expect(metricUnitText(tEn, 'EvActivePhases', '')).toBe('count');
    expect(metricValueTextIn('cs-CZ', tCs, 'BatChargeMax', 3000)).toMatch(/^3[\s\u00a0]?000[\s\u00a0]W$|^3,0[\s\u00a0]kW$/);
  });

  it('shows every state by its label, never the reported enum value', () => {
    const states: Array<[string, readonly string[]]> = [
      ['OperMode', OPER_MODES],
      ['InverterState', Object.values(INVERTER_STATES)],
      ['GridStatus', Object.values(GRID_STATUSES)],
      ['EvMode', EV_MODES],
    ];
    for (const [key, values] of states) {
      for (const value of values) {
        for (const t of [tCs, tEn]) expect([key, value, metricValueTextIn('cs-CZ', t, key, value)]).not.toEqual([key, value, value]);
      }
    }
    expect(metricValueTextIn('cs-CZ', tCs, 'OperMode', 'self-consumption')).toBe('Vlastní spotřeba');
    expect(metricValueTextIn('cs-CZ', tCs, 'EvConnected', true)).toBe('ano');
  });
});
