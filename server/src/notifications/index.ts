// Notifications: schedules, alerts and their delivery. What the rest of the server wires.
export { startAlertEngine, createAlertEngine, ALERT_TICK_MS, type AlertEngine, type AlertEngineDeps } from './alert-engine';
export { shouldEmail } from './schedule-window';
export type { NotificationTables } from './tables';
