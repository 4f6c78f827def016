// Rules both the browser and the server check. Plain values only: no schema runtime.
export * from './tags';
export * from './modules';
export * from './forecast';
export * from './ev';
