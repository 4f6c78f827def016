import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import { startSimulator, type RunningSimulator } from './simulator';
import { brokerAnswers, MOSQUITTO_URL } from './testing/mqtt-probe';
import { deltaTopic, reportedTopic } from '@helio/contracts';

const mosquittoUp = brokerAnswers(MOSQUITTO_URL);
const describeWithMosquitto = mosquittoUp ? describe : describe.skip;
if (!mosquittoUp) console.warn(`simulator MQTT tests SKIPPED: no broker answers at ${MOSQUITTO_URL}`);

interface ReportMessage {
  state: { reported: Record<string, unknown> };
  timestamp: number;
}

describeWithMosquitto(`startSimulator against Mosquitto (${MOSQUITTO_URL})`, () => {
  const thingName = `sim-test-${randomUUID().slice(0, 8)}`;
  let observer: MqttClient;
  let simulator: RunningSimulator | undefined;
  const reports: ReportMessage[] = [];

  beforeAll(async () => {
    observer = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: `observer-${thingName}`, reconnectPeriod: 0 });
    observer.on('message', (_topic, payload) => reports.push(JSON.parse(payload.toString()) as ReportMessage));
    await observer.subscribeAsync(reportedTopic(thingName), { qos: 1 });
  });

  afterAll(async () => {
    await simulator?.stop();
    // Clear the retained delta and the gateway's persistent session so runs leave nothing behind.
    await observer.publishAsync(deltaTopic(thingName), '', { qos: 1, retain: true });
    const cleaner = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: `gw-${thingName}`, clean: true });
    await cleaner.endAsync();
    await observer.endAsync();
  });

  const waitFor = async (predicate: (r: ReportMessage) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = reports.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no matching report arrived');
  };

  it('reports the plant’s state over MQTT every interval', async () => {
    const startedAt = Date.now();
    simulator = await startSimulator({
      mqttUrl: MOSQUITTO_URL,
      plants: [{ thingName, latitude: 50.08, longitude: 14.42, pvPeakKw: 10, batteryKwh: 10, chargerKw: 11 }],
      intervalMs: 200,
    });
    const first = await waitFor(() => true);
    // stamped when it was taken: after the start, not before it
    expect(first.timestamp).toBeGreaterThanOrEqual(startedAt);
    expect(first.timestamp).toBeLessThanOrEqual(Date.now());
    const r = first.state.reported;
    for (const key of ['ActPwrPve', 'ActPwrGrid', 'ActPwrBat', 'BatSoc', 'ActPwrLoad', 'ActPwrEv', 'EnergyPveTotal']) {
      expect(typeof r[key]).toBe('number');
    }
    expect(r.OperMode).toBe('self-consumption');
    expect(Number(r.ActPwrPve) + Number(r.ActPwrGrid) + Number(r.ActPwrBat)).toBe(Number(r.ActPwrLoad) + Number(r.ActPwrEv));
    await waitFor(() => reports.length >= 3, 3000);
  });

  it('applies a retained delta and reports the new operating mode back', async () => {
    await observer.publishAsync(
      deltaTopic(thingName),
      JSON.stringify({ state: { OperMode: 'idle', ExportLimit: 1500 }, version: 3, timestamp: Date.now() }),
      { qos: 1, retain: true },
    );
    const applied = await waitFor((m) => m.state.reported.OperMode === 'idle');
    expect(applied.state.reported.ActPwrBat).toBe(0);
    expect(applied.state.reported.ExportLimit).toBe(1500);
  });

  it('stops reporting once stopped', async () => {
    await simulator?.stop();
    simulator = undefined;
    const count = reports.length;
    await new Promise((r) => setTimeout(r, 600));
    expect(reports.length).toBe(count);
  });
});
