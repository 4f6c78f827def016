// Device data: shadows, the MQTT link and broker, live push, and the in-process simulator.
export { startDevices, type DeviceServices, type StartDevicesOptions } from './services';
export type { DeviceTables } from './tables';
export { ShadowStore, type ShadowChange } from './shadows/shadow-store';
export { LiveHub, type ShadowEvent } from './live/live-hub';
export type { ShadowDocument, ShadowView } from './shadows/shadow-doc';
export type { MqttLinkStats } from './mqtt/mqtt-link';
export type { DeviceLog } from './log';
