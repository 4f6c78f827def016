import { GatewayConnections, MAX_STATUS_BYTES } from './gateway-status';

const topic = 'helio/things/plant-1/status';
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('GatewayConnections', () => {
  it('keeps what the last status said, with the gateway’s own connect time when it is plausible', () => {
    const connections = new GatewayConnections();
    expect(connections.receive(topic, json({ online: true, since: 900 }), 1000)).toBe(true);
    expect(connections.get('plant-1')).toEqual({ connected: true, since: 900 });
    connections.receive(topic, json({ online: false }), 2000);
    expect(connections.get('plant-1')).toEqual({ connected: false, since: 2000 });
    connections.receive(topic, json({ online: true, since: 99_999 }), 3000); // a clock ahead of ours
    expect(connections.get('plant-1')).toEqual({ connected: true, since: 3000 });
  });

  it('keeps a gateway’s health with its status, and the last one heard after its last will', () => {
    const connections = new GatewayConnections();
    const health = { version: '0.1.0', at: 950, devices: [], buffered: 3, dropped: 0 };
    connections.receive(topic, json({ online: true, since: 900, health }), 1000);
    expect(connections.get('plant-1')).toEqual({ connected: true, since: 900, health });
    connections.receive(topic, json({ online: false }), 2000);
    expect(connections.get('plant-1')).toEqual({ connected: false, since: 2000, health });
    expect(connections.receive(topic, json({ online: true, since: 900, health: { ...health, buffered: 'many' } }), 3000)).toBe(false);
  });

  it('forgets a cleared status and ignores other topics and payloads it cannot read', () => {
    const connections = new GatewayConnections();
    connections.receive(topic, json({ online: true }), 1000);
    expect(connections.receive(topic, Buffer.alloc(0), 2000)).toBe(true);
    expect(connections.get('plant-1')).toBeUndefined();
    expect(connections.receive('helio/things/plant-1/shadow/reported', json({ online: true }), 1)).toBe(false);
    expect(connections.receive(topic, Buffer.from('{'), 1)).toBe(false);
    expect(connections.receive(topic, json({ online: 'yes' }), 1)).toBe(false);
    expect(connections.receive(topic, json({ online: true, since: 'today' }), 1)).toBe(false); // the contract's shape
    expect(connections.get('plant-1')).toBeUndefined();
  });

  it('does not parse a status payload longer than a status can be', () => {
    const connections = new GatewayConnections();
    const padded = json({ online: true, since: 900, pad: 'x'.repeat(MAX_STATUS_BYTES) });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(connections.receive(topic, padded, 1000)).toBe(false);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect(connections.get('plant-1')).toBeUndefined();
  });
});
