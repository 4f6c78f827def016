// Rules both the browser and the server check. Plain values only: no schema runtime.
export * from './tags';
export * from './modules';
export * from './password';
export * from './permissions';
export * from './audit';
export * from './locales';
export * from './iam';
export * from './plants';
export * from './plant-roles';
export * from './plant-devices';
export * from './series';
export * from './notification-schedule';
export * from './alert-thresholds';
export * from './alerts';
