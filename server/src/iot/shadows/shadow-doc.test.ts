import { applyUpdate, computeDelta, emptyShadow, hasDelta, shadowView, type ShadowDocument } from './shadow-doc';
import type { JsonObject } from './json';

const report = (doc: ShadowDocument, patch: JsonObject, now = 1000) => applyUpdate(doc, 'reported', patch, now);
const desire = (doc: ShadowDocument, patch: JsonObject, now = 1000) => applyUpdate(doc, 'desired', patch, now);

describe('applying a reported update', () => {
  it('merges only the fields sent and keeps the others', () => {
    const first = report(emptyShadow(), { ActPwrPve: 100, OperMode: 'self-consumption' }).doc;
    const second = report(first, { ActPwrPve: 250 }).doc;
    expect(second.state.reported).toEqual({ ActPwrPve: 250, OperMode: 'self-consumption' });
  });

  it('deletes a field sent as null', () => {
    const doc = report(emptyShadow(), { a: 1, b: 2 }).doc;
    const after = report(doc, { a: null });
    expect(after.doc.state.reported).toEqual({ b: 2 });
    expect(after.doc.metadata.reported).not.toHaveProperty('a');
    expect(after.changed).toBe(true);
  });

  it('treats null for a missing field as no change', () => {
    const doc = report(emptyShadow(), { b: 2 }).doc;
    const after = report(doc, { a: null });
    expect(after.changed).toBe(false);
    expect(after.doc.version).toBe(doc.version);
  });

  it('merges nested objects key by key', () => {
    const doc = report(emptyShadow(), { inverter: { temp: 40, fw: '1.2' } }).doc;
    const after = report(doc, { inverter: { temp: 42, fan: true } }).doc;
    expect(after.state.reported).toEqual({ inverter: { temp: 42, fw: '1.2', fan: true } });
  });

  it('removes a nested object once all its fields are deleted', () => {
    const doc = report(emptyShadow(), { inverter: { temp: 40 }, x: 1 }).doc;
    const after = report(doc, { inverter: { temp: null } });
    expect(after.doc.state.reported).toEqual({ x: 1 });
    expect(after.doc.metadata.reported).not.toHaveProperty('inverter');
    expect(after.changed).toBe(true);
  });

  it('replaces arrays whole', () => {
    const doc = report(emptyShadow(), { strings: [1, 2, 3] }).doc;
    const after = report(doc, { strings: [9] }).doc;
    expect(after.state.reported.strings).toEqual([9]);
  });

  it('lets a value replace an object and an object replace a value', () => {
    const doc = report(emptyShadow(), { a: { b: 1 }, c: 5 }).doc;
    const after = report(doc, { a: 7, c: { d: 1 } }, 2000).doc;
    expect(after.state.reported).toEqual({ a: 7, c: { d: 1 } });
    expect(after.metadata.reported).toEqual({ a: { timestamp: 2000 }, c: { d: { timestamp: 2000 } } });
  });

  it('keeps a __proto__ key (as JSON.parse makes one) its own and leaves Object.prototype alone', () => {
    const patch = JSON.parse('{"__proto__":{"pollutedByMerge":1},"n":{"__proto__":{"pollutedByMerge":2}}}') as JsonObject;
    const doc = report(emptyShadow(), patch).doc;
    expect(({} as Record<string, unknown>).pollutedByMerge).toBeUndefined();
    expect(JSON.parse(JSON.stringify(doc.state.reported))).toEqual(patch);
    expect(Object.getPrototypeOf(doc.state.reported)).toBe(Object.prototype);
    expect(Object.keys(doc.metadata.reported)).toEqual(['__proto__', 'n']);
  });

  it('does not change the document it was given', () => {
    const doc = report(emptyShadow(), { a: { b: 1 } }).doc;
    const snapshot = structuredClone(doc);
    report(doc, { a: { b: 2, c: [1] }, d: null });
    expect(doc).toEqual(snapshot);
  });

  it('changes none of the earlier documents when a later one shares what an update left alone', () => {
    // the second update leaves `a` alone, so the second document shares it with the first; the third
    // changes it, nested and in the metadata
    const first = report(emptyShadow(), { a: { b: 1, c: { d: 1 } }, x: 1 }).doc;
    const second = report(first, { y: 2 }).doc;
    const snapshots = [structuredClone(first), structuredClone(second)];
    const third = report(second, { a: { b: 2, c: { d: null } }, x: null }).doc;
    expect([first, second]).toEqual(snapshots);
    expect(third.state.reported).toEqual({ a: { b: 2 }, y: 2 });
  });
});

describe('metadata', () => {
  it('records a timestamp for every key sent, nested keys included', () => {
    const doc = report(emptyShadow(), { a: 1, n: { x: 1, y: 2 } }, 1000).doc;
    const after = report(doc, { a: 1, n: { y: 3 } }, 2000).doc;
    expect(after.metadata.reported).toEqual({
      a: { timestamp: 2000 },
      n: { x: { timestamp: 1000 }, y: { timestamp: 2000 } },
    });
    expect(after.timestamp).toBe(2000);
  });

  it('keeps a state object that happens to have a "timestamp" key apart from a metadata leaf', () => {
    const doc = report(emptyShadow(), { last: { timestamp: 5 } }, 1000).doc;
    const after = report(doc, { last: { zone: 'UTC' } }, 2000).doc;
    expect(after.metadata.reported).toEqual({ last: { timestamp: { timestamp: 1000 }, zone: { timestamp: 2000 } } });
  });
});

describe('version', () => {
  it('rises by one on every update that changes the state', () => {
    let doc = emptyShadow();
    doc = report(doc, { a: 1 }).doc;
    expect(doc.version).toBe(1);
    doc = desire(doc, { a: 2 }).doc;
    expect(doc.version).toBe(2);
    doc = report(doc, { a: 2, b: [1] }).doc;
    expect(doc.version).toBe(3);
  });

  it('stays when the same values are reported again, while the metadata is refreshed', () => {
    const doc = report(emptyShadow(), { a: 1, arr: [1, 2], n: { x: 1 } }, 1000).doc;
    const again = report(doc, { a: 1, arr: [1, 2], n: { x: 1 } }, 5000);
    expect(again.changed).toBe(false);
    expect(again.doc.version).toBe(1);
    expect(again.doc.metadata.reported.a).toEqual({ timestamp: 5000 });
  });
});

describe('delta', () => {
  it('lists desired keys whose value differs from the reported one, missing ones included', () => {
    expect(computeDelta({ mode: 'idle', limit: 1500, same: 1 }, { mode: 'self-consumption', same: 1 })).toEqual({
      mode: 'idle',
      limit: 1500,
    });
  });

  it('keeps nested paths and leaves out nested keys that already match', () => {
    expect(computeDelta({ ev: { max: 11, phases: 3 } }, { ev: { max: 7, phases: 3 } })).toEqual({ ev: { max: 11 } });
    expect(computeDelta({ ev: { max: 11 } }, { ev: { max: 11 } })).toEqual({});
  });

  it('compares arrays whole', () => {
    expect(computeDelta({ slots: [1, 2] }, { slots: [1, 2] })).toEqual({});
    expect(computeDelta({ slots: [1, 2] }, { slots: [2, 1] })).toEqual({ slots: [1, 2] });
  });

  it('ignores reported keys nobody desired', () => {
    expect(computeDelta({}, { a: 1 })).toEqual({});
  });

  it('clears once the device reports the desired value, which hasDelta tells', () => {
    let doc = report(emptyShadow(), { OperMode: 'self-consumption' }).doc;
    doc = desire(doc, { OperMode: 'idle' }).doc;
    expect(hasDelta(doc)).toBe(true);
    expect(shadowView(doc).state.delta).toEqual({ OperMode: 'idle' });
    doc = report(doc, { OperMode: 'idle' }).doc;
    expect(hasDelta(doc)).toBe(false);
    const view = shadowView(doc);
    expect(view.hasDelta).toBe(false);
    expect(view.state).toEqual({ reported: { OperMode: 'idle' }, desired: { OperMode: 'idle' }, delta: {} });
  });
});
