import i18next from 'i18next';
import en from '../../locales/en/common.json';
import { exportLimitOf, exportLimitText } from './export-limit';

const shadow = (reported: Record<string, unknown>, desired: Record<string, unknown> = {}) => ({ state: { reported, desired, delta: {} } });
const format = (n: number) => n.toLocaleString('en-US');

describe('the export limit of a plant', () => {
  let t: typeof i18next.t;
  beforeAll(async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common: en } }, defaultNS: 'common', interpolation: { escapeValue: false } });
    t = i18n.t.bind(i18n);
  });
  const text = (s: ReturnType<typeof shadow> | undefined, settingKw: number | null) =>
    exportLimitText(t, exportLimitOf(s, settingKw), format);

  it('is what the inverter reports, not "no limit", when the plant has no setting of its own', () => {
    expect(exportLimitOf(shadow({ ExportLimit: 6860 }), null)).toEqual({ reportedW: 6860, requestedW: null, plantSettingW: null });
    expect(text(shadow({ ExportLimit: 6860 }), null)).toBe('6,860 W');
  });

  it('names the requested value beside the reported one while they differ, and only then', () => {
    expect(text(shadow({ ExportLimit: 6860 }, { ExportLimit: 4000 }), null)).toBe('6,860 W (requested 4,000 W, not yet taken)');
    expect(text(shadow({ ExportLimit: 4000 }, { ExportLimit: 4000 }), null)).toBe('4,000 W');
    expect(text(shadow({}, { ExportLimit: 4000 }), 5)).toBe('not reported (requested 4,000 W)');
  });

  it('falls back to the plant’s setting, named as such, only when the inverter never reported one', () => {
    expect(text(shadow({ ExportLimit: 6860 }), 5)).toBe('6,860 W');
    expect(text(shadow({}), 5)).toBe('5,000 W (plant setting; the inverter has not reported one)');
    expect(text(undefined, null)).toBe('no limit');
  });
});
