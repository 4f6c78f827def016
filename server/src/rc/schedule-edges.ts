// When a schedule's windows begin and end: local times of day on the plant's wall clock (its time
// zone), once on a date, every day, or Monday to Friday. A window whose end is not after its start
// ends on the next day (22:00–05:00). Pure: the caller passes the instants.
import type { RcScheduleKind } from '@helio/contracts';
import { calendarOf } from '../series/calendar';

export interface ScheduleWindowRule {
  kind: RcScheduleKind;
  /** yyyy-mm-dd of a one-off window, on the plant's calendar. */
  date: string | null;
  /** HH:MM */
  start: string;
  end: string;
}

export interface ScheduleEdge {
  edge: 'start' | 'end';
  /** epoch ms */
  at: number;
  /** The window the edge belongs to. */
  window: { start: number; end: number };
}

const DAY_MS = 86_400_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const dayIndexOf = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

function windowOnDay(rule: ScheduleWindowRule, day: number, timeZone: string): { start: number; end: number } | null {
  if (rule.kind === 'once' && (rule.date === null || dayIndexOf(rule.date) !== day)) return null;
  const weekday = new Date(day * DAY_MS).getUTCDay();
  if (rule.kind === 'workdays' && (weekday === 0 || weekday === 6)) return null;
  const calendar = calendarOf(timeZone);
  const startMin = minutesOf(rule.start);
  const endMin = minutesOf(rule.end);
  const endDay = endMin <= startMin ? day + 1 : day;
  return {
    start: calendar.instantOfWall(day * DAY_MS + startMin * 60_000),
    end: calendar.instantOfWall(endDay * DAY_MS + endMin * 60_000),
  };
}

/** The windows that start on the plant's days from the one before `from` to the one of `to`. */
function windowsAround(rule: ScheduleWindowRule, timeZone: string, from: number, to: number) {
  const calendar = calendarOf(timeZone);
  const firstDay = Math.floor((from + calendar.offsetAt(from)) / DAY_MS) - 1;
  const lastDay = Math.floor((to + calendar.offsetAt(to)) / DAY_MS);
  const windows: { start: number; end: number }[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const window = windowOnDay(rule, day, timeZone);
    if (window) windows.push(window);
  }
  return windows;
}

/** The starts and ends with `from < at <= to`, in time order (an end before the next start). */
export function edgesBetween(rule: ScheduleWindowRule, timeZone: string, from: number, to: number): ScheduleEdge[] {
  const edges: ScheduleEdge[] = [];
  for (const window of windowsAround(rule, timeZone, from, to)) {
    if (window.start > from && window.start <= to) edges.push({ edge: 'start', at: window.start, window });
    if (window.end > from && window.end <= to) edges.push({ edge: 'end', at: window.end, window });
  }
  return edges.sort((a, b) => a.at - b.at || (a.edge === 'end' ? -1 : 1));
}

/** The next window that has not ended at `now`, for showing when a schedule acts next. */
export function nextWindow(rule: ScheduleWindowRule, timeZone: string, now: number): { start: number; end: number } | null {
  return windowsAround(rule, timeZone, now, now + 8 * DAY_MS).find((window) => window.end > now) ?? null;
}
