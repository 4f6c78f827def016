import { Value } from '@sinclair/typebox/value';
import { DeltaMessage, readDelta, ReportedMessage, StatusMessage } from './payloads';
import { ALL_REPORTED_TOPICS, deltaTopic, reportedTopic, thingNameOfReportedTopic, thingNameOfStatusTopic, statusTopic } from './topics';

describe('the device protocol', () => {
  it('takes a gateway report of numbers, texts and flags, and refuses a report of another section', () => {
    expect(
      Value.Check(ReportedMessage, { state: { reported: { ActPwrPve: 1200, OperMode: 'backup', EvConnected: true } }, timestamp: 1 }),
    ).toBe(true);
    expect(Value.Check(ReportedMessage, { state: { desired: { OperMode: 'idle' } } })).toBe(false);
  });

  it('takes the status of a gateway going online and its last will', () => {
    expect(Value.Check(StatusMessage, { online: true, since: 1_700_000_000_000 })).toBe(true);
    expect(Value.Check(StatusMessage, { online: false })).toBe(true);
    expect(Value.Check(StatusMessage, { since: 1 })).toBe(false);
  });

  it('takes a gateway’s health beside its status: its devices, its outbox and its export loop', () => {
    const health = {
      version: '0.1.0',
      at: 1_700_000_000_000,
      devices: [
        { id: 'inverter-1', kind: 'inverter', address: '192.168.1.20:502 unit 1', answering: true, lastAnswerAt: 1_700_000_000_000 },
      ],
      buffered: 0,
      dropped: 0,
      lastPublishAt: 1_700_000_000_000,
      exportLimit: { mode: 'closed', capW: 4300 },
    };
    expect(Value.Check(StatusMessage, { online: true, since: 1, health })).toBe(true);
    expect(Value.Check(StatusMessage, { online: true, since: 1, health: { ...health, buffered: -1 } })).toBe(false);
  });

  it('describes the delta the server sends, with its version', () => {
    expect(Value.Check(DeltaMessage, { state: { OperMode: 'idle' }, version: 3, timestamp: 5 })).toBe(true);
    expect(Value.Check(DeltaMessage, { state: {}, timestamp: 5 })).toBe(false);
  });

  it('reads the thing name back from its topics and from nothing else', () => {
    expect(thingNameOfReportedTopic(reportedTopic('demo-brno-01'))).toBe('demo-brno-01');
    expect(thingNameOfStatusTopic(statusTopic('demo-brno-01'))).toBe('demo-brno-01');
    expect(thingNameOfReportedTopic(deltaTopic('demo-brno-01'))).toBeUndefined();
    expect(ALL_REPORTED_TOPICS).toBe('helio/things/+/shadow/reported');
  });

  it('reads a delta as gateways take it: the DeltaMessage, or nothing for anything else', () => {
    const delta = { state: { OperMode: 'idle' }, version: 3, timestamp: 1_700_000_000_000 };
    expect(readDelta(JSON.stringify(delta))).toEqual(delta);
    expect(readDelta('')).toBeUndefined();
    expect(readDelta('{"state":')).toBeUndefined();
    expect(readDelta(JSON.stringify({ state: { OperMode: 'idle' } }))).toBeUndefined();
    expect(readDelta(JSON.stringify({ ...delta, state: ['idle'] }))).toBeUndefined();
  });
});
