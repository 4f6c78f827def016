import { MAX_REPORT_BYTES } from '@helio/contracts';
import { parseReport } from './reported-message';

const topic = 'helio/things/plant-1/shadow/reported';
const now = Date.parse('2024-06-17T10:00:00Z');
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('parseReport', () => {
  it('reads the thing, the reported state and the device timestamp', () => {
    const parsed = parseReport(topic, json({ state: { reported: { ActPwrPve: 1200 } }, timestamp: now - 2000 }), now);
    expect(parsed).toEqual({ ok: true, thingName: 'plant-1', reported: { ActPwrPve: 1200 }, sampledAt: now - 2000 });
  });

  it('uses the receive time when the device clock is far off or missing', () => {
    const future = parseReport(topic, json({ state: { reported: { a: 1 } }, timestamp: now + 3_600_000 }), now);
    const ancient = parseReport(topic, json({ state: { reported: { a: 1 } }, timestamp: 1000 }), now);
    const missing = parseReport(topic, json({ state: { reported: { a: 1 } } }), now);
    for (const parsed of [future, ancient, missing]) expect(parsed).toMatchObject({ ok: true, sampledAt: now });
  });

  it('drops an oversized payload before parsing it', () => {
    const payload = Buffer.alloc(MAX_REPORT_BYTES + 1, 0x20);
    expect(parseReport(topic, payload, now)).toMatchObject({ ok: false, reason: 'oversized' });
  });

  it('drops a reported document over 8 KB even when the payload is within its limit', () => {
    const reported = { Note: 'x'.repeat(1000), ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`Log${i}`, 'y'.repeat(1000)])) };
    expect(parseReport(topic, json({ state: { reported } }), now)).toMatchObject({ ok: false, reason: 'oversized' });
  });

  it('drops a reported document nested deeper than 6 levels', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(parseReport(topic, json({ state: { reported: deep } }), now)).toMatchObject({ ok: false, reason: 'malformed' });
    const six = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect(parseReport(topic, json({ state: { reported: six } }), now)).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', Buffer.from('{"state":')],
    ['not an object', json([1, 2])],
    ['no state', json({ reported: { a: 1 } })],
    ['desired from a device', json({ state: { reported: { a: 1 }, desired: { a: 2 } } })],
    ['reported not an object', json({ state: { reported: 5 } })],
    ['a bad key', json({ state: { reported: { 'a.b': 1 } } })],
    ['a string timestamp', json({ state: { reported: { a: 1 } }, timestamp: 'now' })],
    ['a field the device contract does not have', json({ state: { reported: { a: 1 } }, firmware: '1.2' })],
  ])('drops a malformed report: %s', (_name, payload) => {
    expect(parseReport(topic, payload, now)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('checks the shape against the device contract and says where it is wrong', () => {
    const parsed = parseReport(topic, json({ state: { reported: { a: 1 } }, timestamp: now + 0.5 }), now);
    expect(parsed).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parsed.ok || parsed.detail).toMatch(/^\/timestamp: .*integer/i);
  });

  it('drops a message on a topic that is not a reported topic', () => {
    expect(parseReport('helio/things/x/shadow/delta', json({ state: { reported: {} } }), now)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});
