import {
  applyDayTimes,
  applyPeriod,
  closeDialog,
  defaultSettings,
  isInteractive,
  parseTime,
  pressDay,
  setMasterSwitch,
  toggleDay,
  validateTimes,
  visibleErrors,
  type NotificationSettings,
} from './schedule-rules';

const enabledDays = (s: NotificationSettings) => s.days.map((d) => d.enabled);
const times = (s: NotificationSettings) => s.days.map((d) => `${d.from}-${d.to}`);
const on = (): NotificationSettings => setMasterSwitch(defaultSettings(), true);
const customWith = (patch: (day: number) => Partial<NotificationSettings['days'][number]>): NotificationSettings => {
  const s = applyPeriod(on(), 'custom');
  return { ...s, days: s.days.map((d) => ({ ...d, ...patch(d.day) })) };
};

describe('the notification schedule rules', () => {
  it('default to period allDays, switched off, every day on from 08:00 to 16:00', () => {
    expect(defaultSettings()).toEqual({
      period: 'allDays',
      enabled: false,
      days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, from: '08:00', to: '16:00' })),
    });
  });

  it('workdays enable only the days with index below 5 (Monday to Friday)', () => {
    const s = applyPeriod(
      customWith(() => ({ enabled: false })),
      'weekdays',
    );
    expect(s.period).toBe('weekdays');
    expect(enabledDays(s)).toEqual([true, true, true, true, true, false, false]);
  });

  it('all days enable every day', () => {
    const s = applyPeriod(applyPeriod(on(), 'weekdays'), 'allDays');
    expect(s.period).toBe('allDays');
    expect(enabledDays(s)).toEqual([true, true, true, true, true, true, true]);
  });

  it('custom keeps each day’s own state and times', () => {
    const before = { ...customWith((day) => ({ enabled: day % 3 === 0, from: `0${day}:00` })), period: 'weekdays' as const };
    const after = applyPeriod(before, 'custom');
    expect(after.period).toBe('custom');
    expect(after.days).toEqual(before.days);
  });

  it('editing one day’s times while the period is not custom applies them to every day', () => {
    for (const period of ['allDays', 'weekdays'] as const) {
      const s = applyDayTimes(applyPeriod(on(), period), 2, { from: '06:30', to: '21:15' });
      expect(times(s)).toEqual(Array(7).fill('06:30-21:15'));
    }
  });

  it('editing one day’s times in custom changes that day only', () => {
    const s = applyDayTimes(applyPeriod(on(), 'custom'), 2, { from: '06:30', to: '21:15' });
    expect(times(s)).toEqual(['08:00-16:00', '08:00-16:00', '06:30-21:15', '08:00-16:00', '08:00-16:00', '08:00-16:00', '08:00-16:00']);
  });

  it('changing any single day’s toggle switches the period to custom', () => {
    const s = toggleDay(applyPeriod(on(), 'weekdays'), 4, false);
    expect(s.period).toBe('custom');
    expect(enabledDays(s)).toEqual([true, true, true, true, false, false, false]);
    expect(toggleDay(on(), 6, true).period).toBe('custom');
  });

  it('pressing a day card switches on a day that was off (and so makes the period custom)', () => {
    const s = pressDay(applyPeriod(on(), 'weekdays'), 5);
    expect(enabledDays(s)).toEqual([true, true, true, true, true, true, false]);
    expect(s.period).toBe('custom');
  });

  it('pressing a day card that is on already changes nothing', () => {
    const s = applyPeriod(on(), 'weekdays');
    expect(pressDay(s, 1)).toEqual(s);
  });

  it('pressing a day card switches notifications on if they were off', () => {
    expect(pressDay(defaultSettings(), 0).enabled).toBe(true);
  });

  it('with the master switch off the selector and the cards do not react', () => {
    expect(isInteractive(defaultSettings())).toBe(false);
    expect(isInteractive(on())).toBe(true);
  });

  it('the master switch changes nothing but itself', () => {
    const s = customWith((day) => ({ enabled: day === 3 }));
    expect(setMasterSwitch(s, false)).toEqual({ ...s, enabled: false });
  });

  describe('the edit dialog', () => {
    it('reads typed 24-hour times as HH:mm', () => {
      expect(['8', '8:05', '0805', '20.30', '23:59', ' 07:00 '].map(parseTime)).toEqual([
        '08:00',
        '08:05',
        '08:05',
        '20:30',
        '23:59',
        '07:00',
      ]);
      expect(['24:00', '12:60', '8 pm', 'abc', '', '123456'].map(parseTime)).toEqual([null, null, null, null, null, null]);
    });

    it('requires both times (field-required message)', () => {
      expect(validateTimes({ from: '', to: ' ' })).toEqual({ from: 'fieldRequired', to: 'fieldRequired' });
    });

    it('requires the end not to be before the start (to-is-before-from message on the end)', () => {
      expect(validateTimes({ from: '10:00', to: '09:59' })).toEqual({ to: 'toIsBeforeFrom' });
      expect(validateTimes({ from: '10:00', to: '10:00' })).toEqual({});
      expect(validateTimes({ from: '10:00', to: '10:01' })).toEqual({});
    });

    it('rejects text that is no time of day', () => {
      expect(validateTimes({ from: '25:00', to: 'later' })).toEqual({ from: 'invalidTime', to: 'invalidTime' });
    });

    it('shows validation only once a field is touched', () => {
      const errors = validateTimes({ from: '', to: '' });
      expect(visibleErrors(errors, {})).toEqual({});
      expect(visibleErrors(errors, { from: true })).toEqual({ from: 'fieldRequired' });
      expect(visibleErrors(errors, { from: true, to: true })).toEqual(errors);
    });

    it('shows the end-before-start message once either time is touched', () => {
      expect(visibleErrors(validateTimes({ from: '12:00', to: '11:00' }), { from: true })).toEqual({ to: 'toIsBeforeFrom' });
    });

    it('closes and saves only when both times are filled and the end is not before the start', () => {
      expect(closeDialog({ from: '7', to: '19:30' })).toEqual({ close: true, times: { from: '07:00', to: '19:30' } });
      expect(closeDialog({ from: '09:00', to: '09:00' })).toEqual({ close: true, times: { from: '09:00', to: '09:00' } });
    });

    it('stays open and shows every field’s validation otherwise', () => {
      for (const draft of [
        { from: '', to: '10:00' },
        { from: '10:00', to: '' },
        { from: '10:00', to: '09:00' },
        { from: 'x', to: '10:00' },
      ]) {
        expect(closeDialog(draft)).toEqual({ close: false, touched: { from: true, to: true } });
      }
    });
  });
});
