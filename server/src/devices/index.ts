// Device data: shadows, the MQTT link and broker, live push, and the in-process simulator.
export { startDevices, type DeviceServices, type StartDevicesOptions } from './services';
export { registerDeviceRoutes } from './routes';
export { devicesMigration } from './migration';
export type { DeviceTables } from './tables';
export { ShadowStore, type ShadowChange } from './shadow-store';
export { LiveHub, type ShadowEvent } from './live-hub';
export type { ShadowDocument, ShadowView } from './shadow-doc';
export type { MqttLinkStats } from './mqtt-link';
export type { DeviceLog } from './log';
