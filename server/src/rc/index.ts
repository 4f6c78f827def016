// Remote control: its API is rc/module.ts; the schedule runner is started by main.ts.
export { startScheduleRunner, type ScheduleRunner } from './schedule-runner';
