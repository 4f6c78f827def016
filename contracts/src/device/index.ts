// The device protocol: topics, payload shapes, metric keys and units, operating modes (and writable
// keys with their value rules). The server, the simulator and real gateways read it from here.
export * from './topics';
export * from './payloads';
export * from './metrics';
export * from './oper-modes';
