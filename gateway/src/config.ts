// gateway.json, checked field by field: a bad file stops the gateway with one line naming the field
// and saying what it must be. Unknown fields are refused too, so a misspelt one is not silently ignored.
import { TOPIC_THING_NAME_PATTERN } from '@helio/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { GATEWAY_DEVICE_KINDS, type GatewayDeviceKind } from './drivers/device-kind';
import { DEFAULT_OUTBOX_LIMITS, type OutboxLimits } from './store/local-store';

export interface DeviceConfig {
  kind: GatewayDeviceKind;
  host: string;
  port: number;
  unit: number;
  /** The device counts power the other way round (meter: export > 0; battery: charge > 0). */
  invert: boolean;
}

export interface GatewayConfig {
  thingName: string;
  mqtt: { url: string; password: string; caFile?: string };
  devices: DeviceConfig[];
  intervalMs: number;
  /** Where the outbox and the gateway's settings are kept. */
  dataDir: string;
  modbusTimeoutMs: number;
  outbox: OutboxLimits;
}

export const MAX_DEVICES = 32;
const MQTT_PROTOCOLS = ['mqtt:', 'mqtts:', 'ws:', 'wss:'];

export class ConfigError extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value)));

function fail(field: string, must: string, value: unknown): never {
  throw new ConfigError(`${field} must be ${must}${value === undefined ? ' (it is missing)' : ` (it is ${shown(value)})`}`);
}

function onlyKnown(object: Json, field: string, known: readonly string[]): void {
  const unknown = Object.keys(object).find((key) => !known.includes(key));
  if (unknown !== undefined)
    throw new ConfigError(`${field ? `${field}.` : ''}${unknown} is not a field the gateway knows (${known.join(', ')})`);
}

function text(object: Json, key: string, field: string, must = 'a non-empty text'): string {
  const value = object[key];
  if (typeof value !== 'string' || value.trim() === '') fail(field, must, value);
  return value.trim();
}

function integer(object: Json, key: string, field: string, min: number, max: number, fallback?: number): number {
  const value = object[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, `a whole number from ${min} to ${max}`, value);
  }
  return value;
}

function mqttSection(value: unknown, baseDir: string): GatewayConfig['mqtt'] {
  if (!isObject(value)) fail('mqtt', 'an object {"url", "password"}', value);
  onlyKnown(value, 'mqtt', ['url', 'password', 'passwordFile', 'caFile']);
  const url = text(value, 'url', 'mqtt.url', 'the broker’s URL, mqtts://host:8883 (or mqtt://, ws://, wss://)');
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    fail('mqtt.url', 'a URL such as mqtts://helio.example.com:8883', url);
  }
  if (!MQTT_PROTOCOLS.includes(protocol)) fail('mqtt.url', `a URL starting ${MQTT_PROTOCOLS.map((p) => `${p}//`).join(', ')}`, url);
  let password: string;
  if (value.passwordFile !== undefined) {
    const file = path.resolve(baseDir, text(value, 'passwordFile', 'mqtt.passwordFile', 'the path of a file holding the password'));
    try {
      password = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new ConfigError(`mqtt.passwordFile cannot be read (${(error as Error).message})`);
    }
  } else {
    password = text(value, 'password', 'mqtt.password', 'the plant’s gateway password (shown once when the plant was created)');
  }
  const caFile =
    value.caFile === undefined ? undefined : path.resolve(baseDir, text(value, 'caFile', 'mqtt.caFile', 'the path of a PEM file'));
  return { url, password, caFile };
}

function deviceEntry(value: unknown, index: number): DeviceConfig {
  const field = `devices[${index}]`;
  if (!isObject(value)) fail(field, 'an object {"kind", "host", "port", "unit"}', value);
  onlyKnown(value, field, ['kind', 'host', 'port', 'unit', 'invert']);
  const kind = value.kind;
  if (typeof kind !== 'string' || !(GATEWAY_DEVICE_KINDS as readonly string[]).includes(kind)) {
    fail(
      `${field}.kind`,
      GATEWAY_DEVICE_KINDS.map((k) => `"${k}"`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1'),
      kind,
    );
  }
  const invert = value.invert ?? false;
  if (typeof invert !== 'boolean') fail(`${field}.invert`, 'true or false', invert);
  return {
    kind: kind as GatewayDeviceKind,
    host: text(value, 'host', `${field}.host`, 'the device’s address (an IP address or a host name)'),
    port: integer(value, 'port', `${field}.port`, 1, 65535, 502),
    unit: integer(value, 'unit', `${field}.unit`, 0, 255, 1),
    invert,
  };
}

/** Checks a parsed gateway.json; `baseDir` resolves its relative paths. */
export function parseConfig(value: unknown, baseDir: string): GatewayConfig {
  if (!isObject(value)) throw new ConfigError('the file must hold one JSON object');
  onlyKnown(value, '', ['thingName', 'mqtt', 'devices', 'intervalMs', 'dataDir', 'modbusTimeoutMs', 'outbox']);
  const thingName = text(value, 'thingName', 'thingName', 'the plant’s thing name (shown with its gateway login)');
  if (!TOPIC_THING_NAME_PATTERN.test(thingName)) fail('thingName', 'letters, digits and _ . : - (up to 128)', thingName);
  const devices = value.devices;
  if (!Array.isArray(devices) || devices.length === 0 || devices.length > MAX_DEVICES) {
    fail('devices', `a list of 1 to ${MAX_DEVICES} devices`, devices);
  }
  const parsed = devices.map(deviceEntry);
  if (parsed.filter((d) => d.kind === 'meter').length > 1) {
    throw new ConfigError('devices may hold one meter: the one at the grid connection');
  }
  const outbox = value.outbox ?? {};
  if (!isObject(outbox)) fail('outbox', 'an object {"maxReports", "maxAgeDays"}', outbox);
  onlyKnown(outbox, 'outbox', ['maxReports', 'maxAgeDays']);
  return {
    thingName,
    mqtt: mqttSection(value.mqtt, baseDir),
    devices: parsed,
    intervalMs: integer(value, 'intervalMs', 'intervalMs', 1000, 3_600_000, 5000),
    dataDir: path.resolve(baseDir, value.dataDir === undefined ? 'data' : text(value, 'dataDir', 'dataDir', 'a folder’s path')),
    modbusTimeoutMs: integer(value, 'modbusTimeoutMs', 'modbusTimeoutMs', 100, 60_000, 3000),
    outbox: {
      maxReports: integer(outbox, 'maxReports', 'outbox.maxReports', 100, 10_000_000, DEFAULT_OUTBOX_LIMITS.maxReports),
      maxAgeMs: integer(outbox, 'maxAgeDays', 'outbox.maxAgeDays', 1, 7, DEFAULT_OUTBOX_LIMITS.maxAgeMs / 86_400_000) * 86_400_000,
    },
  };
}

/** Reads and checks gateway.json; every problem is a ConfigError of one line. */
export function loadConfig(file: string): GatewayConfig {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read ${file} (${(error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new ConfigError(`${file} is not JSON (${(error as Error).message})`);
  }
  return parseConfig(parsed, path.dirname(path.resolve(file)));
}
