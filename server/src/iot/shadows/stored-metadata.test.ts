import { applyUpdate, emptyShadow } from './shadow-doc';
import type { JsonObject } from './json';
import { metadataOf, metadataText } from './stored-metadata';

const T = Date.UTC(2026, 10, 30, 12);

describe('a shadow’s stored metadata', () => {
  it('reads back the tree it stored: keys of older updates, nested keys, desired keys', () => {
    let doc = applyUpdate(emptyShadow(), 'reported', { a: 1, n: { x: 1, y: 2 }, list: [1, 2] }, T - 60_000).doc;
    doc = applyUpdate(doc, 'desired', { mode: 'eco' }, T - 5_000).doc;
    doc = applyUpdate(doc, 'reported', { a: 2, n: { y: 3 } }, T).doc;
    expect(metadataOf(metadataText(doc.metadata, doc.timestamp), doc.timestamp)).toEqual(doc.metadata);
  });

  it('writes each leaf as its age at the shadow’s timestamp, well under half the bytes of the tree', () => {
    const report: JsonObject = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`ActPwrMetric${i}`, i]));
    const { doc } = applyUpdate(emptyShadow(), 'reported', report, T);
    const text = metadataText(doc.metadata, doc.timestamp);
    expect(JSON.parse(text).reported.ActPwrMetric0).toBe(0);
    expect(text.length).toBeLessThan(JSON.stringify(doc.metadata).length / 2);
  });

  it('reads rows stored before it as they are', () => {
    const tree = { reported: { a: { timestamp: T - 1 }, n: { x: { timestamp: T } } }, desired: {} };
    expect(metadataOf(JSON.stringify(tree), T)).toEqual(tree);
    expect(metadataOf(JSON.stringify({ reported: tree.reported }), T)).toEqual(tree);
  });

  it('keeps a state key named "timestamp" apart from a leaf', () => {
    let doc = applyUpdate(emptyShadow(), 'reported', { last: { timestamp: 5 } }, T - 1000).doc;
    doc = applyUpdate(doc, 'reported', { last: { zone: 'UTC' } }, T).doc;
    expect(metadataOf(metadataText(doc.metadata, doc.timestamp), doc.timestamp)).toEqual(doc.metadata);
  });
});
