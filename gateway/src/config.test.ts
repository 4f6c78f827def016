import { ConfigError, parseConfig } from './config';

const valid = {
  thingName: 'plant-brno-7',
  mqtt: { url: 'mqtts://helio.example.com:8883', password: 'secret' },
  devices: [
    { kind: 'inverter', host: '192.168.1.20', port: 502, unit: 1 },
    { kind: 'meter', host: '192.168.1.21', unit: 240, invert: true },
  ],
};

const problem = (change: (config: Record<string, unknown>) => void) => {
  const config = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
  change(config);
  try {
    parseConfig(config, '/etc/helio-gateway');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the config was taken');
};

describe('gateway.json', () => {
  it('takes a valid file with its defaults', () => {
    expect(parseConfig(valid, '/etc/helio-gateway')).toEqual({
      thingName: 'plant-brno-7',
      mqtt: { url: 'mqtts://helio.example.com:8883', password: 'secret', caFile: undefined },
      devices: [
        { kind: 'inverter', host: '192.168.1.20', port: 502, unit: 1, invert: false },
        { kind: 'meter', host: '192.168.1.21', port: 502, unit: 240, invert: true },
      ],
      intervalMs: 5000,
      dataDir: '/etc/helio-gateway/data',
      modbusTimeoutMs: 3000,
      outbox: { maxReports: 200_000, maxAgeMs: 7 * 86_400_000 },
    });
  });

  it('names the bad field in one line, saying what it must be', () => {
    expect(problem((c) => delete c.thingName)).toBe(
      'thingName must be the plant’s thing name (shown with its gateway login) (it is missing)',
    );
    expect(problem((c) => (c.thingName = 'a/b'))).toBe('thingName must be letters, digits and _ . : - (up to 128) (it is "a/b")');
    expect(problem((c) => ((c.mqtt as Record<string, unknown>).url = 'http://x'))).toBe(
      'mqtt.url must be a URL starting mqtt://, mqtts://, ws://, wss:// (it is "http://x")',
    );
    expect(problem((c) => delete (c.mqtt as Record<string, unknown>).password)).toMatch(
      /^mqtt\.password must be the plant’s gateway password/,
    );
    expect(problem((c) => ((c.devices as Array<Record<string, unknown>>)[1]!.port = '502'))).toBe(
      'devices[1].port must be a whole number from 1 to 65535 (it is "502")',
    );
    expect(problem((c) => ((c.devices as Array<Record<string, unknown>>)[0]!.kind = 'charger'))).toBe(
      'devices[0].kind must be "inverter", "meter" or "battery" (it is "charger")',
    );
    expect(problem((c) => (c.devices = []))).toBe('devices must be a list of 1 to 32 devices (it is [])');
    expect(problem((c) => (c.intervalMs = 10))).toBe('intervalMs must be a whole number from 1000 to 3600000 (it is 10)');
    expect(problem((c) => (c.intervalMS = 5000))).toMatch(/^intervalMS is not a field the gateway knows/);
    expect(problem((c) => ((c.devices as unknown[]).push({ kind: 'meter', host: 'x' }), c))).toBe(
      'devices may hold one meter: the one at the grid connection',
    );
  });
});
