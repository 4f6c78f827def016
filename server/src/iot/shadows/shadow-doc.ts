// Device shadow documents, modelled on AWS IoT device shadows. Pure: no I/O, no clock (callers pass `now`).
import { cloneJson, isJsonObject, jsonEqual, setOwn, type JsonObject, type JsonValue } from './json';

// Type aliases, not interfaces: the contract's answer (a dictionary) takes them as they are.
export type MetadataLeaf = {
  timestamp: number;
};
/** Per-key timestamps mirroring the shape of the state (arrays are one leaf). */
export type MetadataTree = {
  [key: string]: MetadataLeaf | MetadataTree;
};

export type ShadowSection = 'reported' | 'desired';

export interface ShadowDocument {
  state: Record<ShadowSection, JsonObject>;
  metadata: Record<ShadowSection, MetadataTree>;
  /** +1 on every update that changes the state. */
  version: number;
  /** Epoch ms of the last accepted update. */
  timestamp: number;
}

/** What the API and the live stream show of a shadow. */
export interface ShadowView {
  state: { reported: JsonObject; desired: JsonObject; delta: JsonObject };
  metadata: Record<ShadowSection, MetadataTree>;
  version: number;
  timestamp: number;
  hasDelta: boolean;
}

export function emptyShadow(): ShadowDocument {
  return { state: { reported: {}, desired: {} }, metadata: { reported: {}, desired: {} }, version: 0, timestamp: 0 };
}

/**
 * Merges `patch` into one section: only the keys sent change, `null` deletes a key, nested objects
 * merge, arrays and other values replace whole. Every key sent gets `now` as its metadata timestamp.
 * An object left empty by deletions disappears. The version rises only when the state changed.
 */
export function applyUpdate(
  doc: ShadowDocument,
  section: ShadowSection,
  patch: JsonObject,
  now: number,
): { doc: ShadowDocument; changed: boolean } {
  // Copied where the merge writes, level by level (mergeInto), not deeply: what the patch leaves alone
  // is shared with `doc`, which no one changes (cloning a report's section and its metadata was most
  // of merging it).
  const state = { ...doc.state[section] };
  const metadata = { ...doc.metadata[section] };
  const changed = mergeInto(state, metadata, patch, now);
  return {
    doc: {
      state: { ...doc.state, [section]: state },
      metadata: { ...doc.metadata, [section]: metadata },
      version: changed ? doc.version + 1 : doc.version,
      timestamp: now,
    },
    changed,
  };
}

function mergeInto(target: JsonObject, metadata: MetadataTree, patch: JsonObject, now: number): boolean {
  let changed = false;
  for (const key of Object.keys(patch)) {
    const value = patch[key]!;
    const existed = Object.prototype.hasOwnProperty.call(target, key);
    if (value === null) {
      if (existed) changed = true;
      delete target[key];
      delete metadata[key];
      continue;
    }
    if (isJsonObject(value)) {
      // own keys only: `__proto__` of a plain object is Object.prototype, which a merge must never reach
      const current = existed ? target[key] : undefined;
      const nested: JsonObject = isJsonObject(current) ? { ...current } : {};
      const nestedMeta = { ...metadataTreeAt(metadata, key) };
      const nestedChanged = mergeInto(nested, nestedMeta, value, now);
      if (Object.keys(nested).length === 0) {
        // Deleting every key of an object removes it; an empty patch over a plain value is a no-op.
        if (isJsonObject(current)) {
          changed = true;
          delete target[key];
          delete metadata[key];
        }
        continue;
      }
      if (!isJsonObject(current)) changed = true;
      changed = nestedChanged || changed;
      setOwn(target, key, nested);
      setOwn(metadata, key, nestedMeta);
      continue;
    }
    if (!jsonEqual(target[key], value)) changed = true;
    setOwn(target, key, cloneJson(value));
    setOwn(metadata, key, { timestamp: now });
  }
  return changed;
}

export function isMetadataLeaf(node: MetadataLeaf | MetadataTree | undefined): node is MetadataLeaf {
  return node !== undefined && typeof node.timestamp === 'number' && Object.keys(node).length === 1;
}

function metadataTreeAt(metadata: MetadataTree, key: string): MetadataTree {
  const node = Object.prototype.hasOwnProperty.call(metadata, key) ? metadata[key] : undefined;
  return node === undefined || isMetadataLeaf(node) ? {} : (node as MetadataTree);
}

/**
 * Desired keys whose value differs from the reported one (missing counts as different). Nested objects
 * are compared key by key and keep their path; arrays and other values compare whole.
 */
export function computeDelta(desired: JsonObject, reported: JsonObject): JsonObject {
  const delta: JsonObject = {};
  for (const [key, want] of Object.entries(desired)) {
    const have: JsonValue | undefined = reported[key];
    if (isJsonObject(want) && isJsonObject(have)) {
      const nested = computeDelta(want, have);
      if (Object.keys(nested).length > 0) delta[key] = nested;
    } else if (!jsonEqual(want, have)) {
      setOwn(delta, key, cloneJson(want));
    }
  }
  return delta;
}

export function deltaOf(doc: ShadowDocument): JsonObject {
  return computeDelta(doc.state.desired, doc.state.reported);
}

export function hasDelta(doc: ShadowDocument): boolean {
  return Object.keys(deltaOf(doc)).length > 0;
}

export function shadowView(doc: ShadowDocument): ShadowView {
  const delta = deltaOf(doc);
  return {
    state: { reported: doc.state.reported, desired: doc.state.desired, delta },
    metadata: doc.metadata,
    version: doc.version,
    timestamp: doc.timestamp,
    hasDelta: Object.keys(delta).length > 0,
  };
}
