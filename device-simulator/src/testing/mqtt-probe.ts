// Tests against a real broker (Mosquitto) run only when one answers; the probe runs synchronously
// (in a child process) so a suite can choose describe or describe.skip while it is being defined.
import { spawnSync } from 'node:child_process';

export const MOSQUITTO_URL = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

const PROBE = `
const mqtt = require('mqtt');
const c = mqtt.connect(process.argv[1], { connectTimeout: 1500, reconnectPeriod: 0 });
let connected = false;
c.on('connect', () => { connected = true; c.end(true, () => process.exit(0)); });
c.on('error', () => process.exit(1));
c.on('close', () => { if (!connected) process.exit(1); });
`;

/** True when an MQTT broker accepts a connection at `url` within about 2 s. */
export function brokerAnswers(url: string): boolean {
  const result = spawnSync(process.execPath, ['-e', PROBE, url], { timeout: 4000, cwd: __dirname });
  return result.status === 0;
}
