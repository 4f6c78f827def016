import { edgesBetween, nextWindow, type ScheduleWindowRule } from './schedule-edges';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const edges = (rule: ScheduleWindowRule, zone: string, from: string, to: string) =>
  edgesBetween(rule, zone, at(from), at(to)).map((e) => `${e.edge} ${iso(e.at)}`);

describe('schedule edges on the plant’s wall clock', () => {
  it('starts and ends a daily window at local times (Prague in summer is UTC+2)', () => {
    const rule: ScheduleWindowRule = { kind: 'daily', date: null, start: '01:00', end: '05:00' };
    expect(edges(rule, 'Europe/Prague', '2026-06-01T00:00:00Z', '2026-06-02T12:00:00Z')).toEqual([
      'end 2026-06-01T03:00:00.000Z', // the window of the night before
      'start 2026-06-01T23:00:00.000Z',
      'end 2026-06-02T03:00:00.000Z',
    ]);
  });

  it('follows daylight saving: the same local hour is another UTC hour after the change', () => {
    const rule: ScheduleWindowRule = { kind: 'daily', date: null, start: '06:00', end: '07:00' };
    expect(edges(rule, 'Europe/Prague', '2026-03-28T00:00:00Z', '2026-03-29T23:00:00Z')).toEqual([
      'start 2026-03-28T05:00:00.000Z',
      'end 2026-03-28T06:00:00.000Z',
      'start 2026-03-29T04:00:00.000Z',
      'end 2026-03-29T05:00:00.000Z',
    ]);
  });

  it('skips Saturday and Sunday for workdays, in the plant’s zone, not the server’s', () => {
    // Friday 23:30 UTC is already Saturday in Auckland.
    const rule: ScheduleWindowRule = { kind: 'workdays', date: null, start: '10:00', end: '11:00' };
    const found = edges(rule, 'Pacific/Auckland', '2026-06-04T12:00:00Z', '2026-06-08T12:00:00Z');
    expect(found).toEqual([
      'start 2026-06-04T22:00:00.000Z', // Friday 5 June 10:00 NZST
      'end 2026-06-04T23:00:00.000Z',
      'start 2026-06-07T22:00:00.000Z', // Monday 8 June
      'end 2026-06-07T23:00:00.000Z',
    ]);
  });

  it('runs a one-off window once, across midnight when it ends earlier than it starts', () => {
    const rule: ScheduleWindowRule = { kind: 'once', date: '2026-06-10', start: '22:00', end: '02:00' };
    expect(edges(rule, 'UTC', '2026-06-01T00:00:00Z', '2026-06-20T00:00:00Z')).toEqual([
      'start 2026-06-10T22:00:00.000Z',
      'end 2026-06-11T02:00:00.000Z',
    ]);
  });

  it('counts an edge once: from is exclusive, to inclusive', () => {
    const rule: ScheduleWindowRule = { kind: 'daily', date: null, start: '10:00', end: '11:00' };
    expect(edges(rule, 'UTC', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z')).toEqual(['end 2026-06-01T11:00:00.000Z']);
  });

  it('names the next window not yet over', () => {
    const rule: ScheduleWindowRule = { kind: 'daily', date: null, start: '10:00', end: '11:00' };
    expect(nextWindow(rule, 'UTC', at('2026-06-01T10:30:00Z'))).toEqual({
      start: at('2026-06-01T10:00:00Z'),
      end: at('2026-06-01T11:00:00Z'),
    });
    expect(nextWindow(rule, 'UTC', at('2026-06-01T11:30:00Z'))?.start).toBe(at('2026-06-02T10:00:00Z'));
  });
});
