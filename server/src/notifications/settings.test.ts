import { ApiError } from '../http/errors';
import { defaultSettings, normaliseSettings, parseStoredSettings, type DaySetting, type NotificationSettings } from './settings';

const week = (first: number, patch: Partial<DaySetting> = {}): DaySetting[] =>
  Array.from({ length: 7 }, (_, i) => ({ day: first + i, enabled: i % 2 === 0, from: '07:30', to: '18:00', ...patch }));

const custom = (days: DaySetting[]): NotificationSettings => ({ period: 'custom', enabled: true, days });

function rejection(input: NotificationSettings): ApiError {
  try {
    normaliseSettings(input);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('notification settings on the server', () => {
  it('default to all days, switched off, every day 08:00–16:00', () => {
    expect(defaultSettings()).toEqual({
      period: 'allDays',
      enabled: false,
      days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, from: '08:00', to: '16:00' })),
    });
  });

  it('keep days numbered 0–6 as they are, sorted Monday first', () => {
    const days = week(0).reverse();
    expect(normaliseSettings(custom(days)).days.map((d) => [d.day, d.enabled])).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, false],
      [6, true],
    ]);
  });

  it('normalise the older 1–7 numbering to 0–6 (Monday 1 becomes 0)', () => {
    const result = normaliseSettings(custom(week(1)));
    expect(result.days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.days[0]).toEqual({ day: 0, enabled: true, from: '07:30', to: '18:00' });
  });

  it('pad H:mm times of the older form to HH:mm', () => {
    expect(normaliseSettings(custom(week(0, { from: '8:00', to: '9:05' }))).days[3]).toMatchObject({ from: '08:00', to: '09:05' });
  });

  it.each([
    ['six days', week(0).slice(0, 6)],
    ['eight days', [...week(0), { day: 6, enabled: true, from: '08:00', to: '16:00' }]],
    ['a repeated day', week(0).map((d) => (d.day === 6 ? { ...d, day: 5 } : d))],
    ['a day 8', week(1).map((d) => (d.day === 7 ? { ...d, day: 8 } : d))],
    ['a mix of 0 and 7', week(1).map((d) => (d.day === 1 ? { ...d, day: 0 } : d))],
  ])('answer 400 for %s', (_, days) => {
    expect(rejection(custom(days)).statusCode).toBe(400);
  });

  it('answer 400 for a day whose to is before its from, and accept to equal to from', () => {
    expect(rejection(custom(week(0, { from: '10:00', to: '09:59' }))).message).toBe('to must not be before from');
    expect(normaliseSettings(custom(week(0, { from: '10:00', to: '10:00' }))).days[0]?.to).toBe('10:00');
  });

  it('answer 400 for a time that is no time of day', () => {
    expect(rejection(custom(week(0, { from: '24:00' }))).statusCode).toBe(400);
  });

  it('derive the day switches of allDays and weekdays from the period', () => {
    expect(normaliseSettings({ ...custom(week(0)), period: 'allDays' }).days.every((d) => d.enabled)).toBe(true);
    expect(normaliseSettings({ ...custom(week(0)), period: 'weekdays' }).days.map((d) => d.enabled)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('read unreadable stored settings back as the defaults', () => {
    expect(parseStoredSettings({ period: 'custom', enabled: 1, days: 'not json' })).toEqual(defaultSettings());
    expect(parseStoredSettings({ period: 'custom', enabled: 1, days: JSON.stringify(week(0)) }).enabled).toBe(true);
  });
});
