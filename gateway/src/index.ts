// @helio/gateway's modules for whoever embeds or tests the gateway (the program is cli.ts).
export { loadConfig, parseConfig, ConfigError, type GatewayConfig, type DeviceConfig } from './config';
export { HelioGateway, type HelioGatewayOptions, type GatewayLog } from './runtime/helio-gateway';
export { scanDevice, scanReport } from './scan';
export { ModelLibrary, shippedModels } from './sunspec/model-defs';
export { SunSpecDevice, MAPPED_WRITES } from './sunspec/sunspec-device';
export { GATEWAY_VERSION } from './version';
