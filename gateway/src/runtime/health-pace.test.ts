import type { GatewayHealth } from '@helio/contracts';
import { HEALTH_EVERY_MS, HealthPace } from './health-pace';

const T0 = Date.UTC(2026, 10, 30, 18, 14, 0);

function health(at: number, waiting: number[] = []): GatewayHealth {
  return {
    version: 'test',
    at,
    devices: [{ id: 'inverter-1', kind: 'inverter', address: '127.0.0.1:502 unit 1', answering: true }],
    buffered: waiting.length,
    ...(waiting.length > 0 ? { oldestBufferedAt: waiting[0] } : {}),
    dropped: 0,
    exportLimit: { mode: 'off', capW: null },
  };
}

describe('the gateway’s health pace', () => {
  it('sends the first health, then again only when nothing changed for a minute', () => {
    const pace = new HealthPace();
    expect(pace.due(health(T0))).toBe(true);
    expect(pace.due(health(T0 + 1000))).toBe(false);
    expect(pace.due(health(T0 + HEALTH_EVERY_MS - 1))).toBe(false);
    expect(pace.due(health(T0 + HEALTH_EVERY_MS))).toBe(true);
  });

  it('sends when a report starts to wait and when the outbox empties', () => {
    const pace = new HealthPace();
    pace.due(health(T0));
    expect(pace.due(health(T0 + 1000, [T0]))).toBe(true);
    expect(pace.due(health(T0 + 2000))).toBe(true);
  });

  it('sends when the oldest waiting report is another one, so the time shown is never of a report acknowledged long ago', () => {
    const pace = new HealthPace();
    pace.due(health(T0));
    expect(pace.due(health(T0 + 1000, [T0 + 500]))).toBe(true);
    // The next cycle measures while its predecessor's report is on its way: still one waiting, a newer one.
    expect(pace.due(health(T0 + 2000, [T0 + 1500]))).toBe(true);
  });

  it('does not send every cycle while an outage keeps the same oldest report waiting and the outbox grows', () => {
    const pace = new HealthPace();
    pace.due(health(T0));
    expect(pace.due(health(T0 + 1000, [T0 + 500]))).toBe(true);
    expect(pace.due(health(T0 + 2000, [T0 + 500, T0 + 1500]))).toBe(false);
    expect(pace.due(health(T0 + 3000, [T0 + 500, T0 + 1500, T0 + 2500]))).toBe(false);
  });

  it('sends when a device stops answering', () => {
    const pace = new HealthPace();
    pace.due(health(T0));
    const silent = health(T0 + 1000);
    silent.devices = [{ ...silent.devices[0]!, answering: false, error: 'timeout' }];
    expect(pace.due(silent)).toBe(true);
  });
});
