import { GATEWAY_OFFLINE_MS } from '../../notifications/conditions';
import { gatewayStatus } from './registry';

describe('gatewayStatus', () => {
  const now = 10_000_000;

  it('is online while the last report is at most the alert engine’s offline time old', () => {
    expect(gatewayStatus(now - GATEWAY_OFFLINE_MS, undefined, now)).toBe('online');
    expect(gatewayStatus(now - GATEWAY_OFFLINE_MS - 1, undefined, now)).toBe('offline');
    expect(gatewayStatus(null, undefined, now)).toBe('offline');
  });

  it('is offline at once when the broker says the connection is gone, whatever the last report', () => {
    expect(gatewayStatus(now - 1000, { connected: false, since: now - 500 }, now)).toBe('offline');
    expect(gatewayStatus(now - 1000, { connected: true, since: now - 5000 }, now)).toBe('online');
  });

  it('is offline when connected but silent (a gateway that connects and reports nothing)', () => {
    expect(gatewayStatus(null, { connected: true, since: now - 1000 }, now)).toBe('offline');
  });
});
