// The device protocol: topics, payload shapes, metric keys and units, operating modes, writable keys
// with their value rules (the plant's settings and its EV charger's). The server, the simulator and
// real gateways read it from here.
export * from './topics';
export * from './payloads';
export * from './metrics';
export * from './oper-modes';
export * from './writable-keys';
export * from './charger-keys';
