// How a shadow's metadata is stored: the tree of per-key timestamps with each leaf written as a number,
// the milliseconds before the shadow's own timestamp (0 for every key of the latest update). A report of
// 30 keys then stores ~550 bytes of metadata instead of ~1,300 ({"timestamp":1764…} a key): the row a
// replica reads, merges and writes back for every report is a third smaller, and its metadata parses,
// serializes and escapes in about a third of the time (the cluster bench's profile: these were a
// tenth of a replica's time). The API answers the tree as before ({ timestamp } leaves); rows written
// before this format are read as they are.
import { setOwn } from './json';
import { isMetadataLeaf, type MetadataTree, type ShadowSection } from './shadow-doc';

type Metadata = Record<ShadowSection, MetadataTree>;
type StoredTree = { [key: string]: number | StoredTree };

/** Marks the stored format: a row without it holds the tree itself. */
const FORMAT = '~';

/** The metadata as stored with a shadow whose timestamp is `timestamp`. */
export function metadataText(metadata: Metadata, timestamp: number): string {
  return JSON.stringify({
    [FORMAT]: 1,
    reported: storedTree(metadata.reported, timestamp),
    desired: storedTree(metadata.desired, timestamp),
  });
}

/** The metadata of a stored row (either format). */
export function metadataOf(text: string, timestamp: number): Metadata {
  const stored = JSON.parse(text) as Partial<Record<ShadowSection, StoredTree | MetadataTree>> & { [FORMAT]?: number };
  if (stored[FORMAT] === undefined) {
    const tree = stored as Partial<Metadata>;
    return { reported: tree.reported ?? {}, desired: tree.desired ?? {} };
  }
  return {
    reported: metadataTree((stored.reported ?? {}) as StoredTree, timestamp),
    desired: metadataTree((stored.desired ?? {}) as StoredTree, timestamp),
  };
}

function storedTree(tree: MetadataTree, timestamp: number): StoredTree {
  const out: StoredTree = {};
  for (const key of Object.keys(tree)) {
    const node = tree[key]!;
    setOwn(out, key, isMetadataLeaf(node) ? timestamp - node.timestamp : storedTree(node as MetadataTree, timestamp));
  }
  return out;
}

function metadataTree(stored: StoredTree, timestamp: number): MetadataTree {
  const out: MetadataTree = {};
  for (const key of Object.keys(stored)) {
    const node = stored[key]!;
    setOwn(out, key, typeof node === 'number' ? { timestamp: timestamp - node } : metadataTree(node, timestamp));
  }
  return out;
}
