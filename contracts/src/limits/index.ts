// Rules both the browser and the server check. Plain values only: no schema runtime.
export * from './tags';
export * from './modules';
export * from './forecast';
export * from './integrations';
export * from './history-csv';
export * from './rc';
export * from './analytics';
export * from './energy-balance';
export * from './ev';
