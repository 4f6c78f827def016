// The device protocol: topics, payload shapes, metric keys and units, writable keys with their value
// rules, operating modes. The server, the simulator and real gateways read it from here.
export * from './writable-keys';
export * from './charger-keys';
