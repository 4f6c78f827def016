// A charge point for the tests, made with ocpp-rpc's own client in strict mode: an implementation of
// the protocol's schemas no one here wrote checks every call it sends and every answer it gets.
import { RPCClient } from 'ocpp-rpc';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

export function ocppEndpoint(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ocpp`;
}

export function chargePoint(endpoint: string, identity: string, password: string | undefined): RPCClient {
  const options = {
    endpoint,
    identity,
    password,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
    callTimeoutMs: 20_000,
  };
  // The library's typings want every option; the rest take its defaults.
  return new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
}

export const BOOT = {
  chargePointVendor: 'Wallbox',
  chargePointModel: 'Pulsar Plus',
  firmwareVersion: '6.4.12',
  chargePointSerialNumber: 'WB-1',
};

/** One MeterValues meter value: energy register (Wh), power (W), current per phase (A) and SoC (%). */
export function meterValue(timestamp: string, energyWh: number, powerW: number, amps: number, socPct?: number) {
  const sampledValue: Array<Record<string, string>> = [
    { value: String(energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
    { value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' },
    ...(['L1', 'L2', 'L3'] as const).map((phase) => ({ value: String(amps), measurand: 'Current.Import', unit: 'A', phase })),
  ];
  if (socPct !== undefined) sampledValue.push({ value: String(socPct), measurand: 'SoC', unit: 'Percent', location: 'EV' });
  return { timestamp, sampledValue };
}
