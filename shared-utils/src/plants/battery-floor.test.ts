import i18next from 'i18next';
import en from '../../locales/en/common.json';
import { batteryFloorOf, batteryFloorText } from './battery-floor';

const shadow = (reported: Record<string, unknown>, desired: Record<string, unknown> = {}) => ({ state: { reported, desired, delta: {} } });

describe('the battery’s floor', () => {
  let t: typeof i18next.t;
  beforeAll(async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common: en } }, defaultNS: 'common', interpolation: { escapeValue: false } });
    t = i18n.t.bind(i18n);
  });
  const text = (s: ReturnType<typeof shadow> | undefined) => batteryFloorText(t, batteryFloorOf(s), String);

  it('is what the battery reports, with a requested value beside it only while they differ', () => {
    expect(text(shadow({ BatSocMin: 10 }))).toBe('10\u00a0%');
    expect(text(shadow({ BatSocMin: 10 }, { BatSocMin: 10 }))).toBe('10\u00a0%');
    expect(text(shadow({ BatSocMin: 10 }, { BatSocMin: 15 }))).toBe('10\u00a0% (requested 15\u00a0%, not yet taken)');
    expect(text(shadow({}, { BatSocMin: 15 }))).toBe('not reported (requested 15\u00a0%)');
    expect(text(undefined)).toBe('not reported');
  });
});
