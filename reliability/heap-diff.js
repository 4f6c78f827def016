// `node --max-old-space-size=4096 reliability/heap-diff.js <earlier.heapsnapshot> <later.heapsnapshot> [--top N]`:
// what a process holds more of at the later snapshot than at the earlier one (two snapshots of the
// same process, e.g. RELIABILITY_HEAP_SNAPSHOT_AT's and the end's). Prints, by constructor, the
// growth in count and bytes; then the Maps, Sets and arrays that grew most, matched by V8's object
// id (stable between snapshots of one process), with the chain of retainers that names them (which
// cache, listener set or queue it is). A growing collection is the usual shape of a leak.
// `--retainers <Class>` instead: the objects of that class new since the earlier snapshot, counted by
// the chain of retainers that holds them (what thousands of new Promises or closures wait on).
'use strict';
const fs = require('node:fs');

function load(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const nf = meta.node_fields;
  const ef = meta.edge_fields;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const N = nf.length;
  const E = ef.length;
  const [iType, iName, iId, iSize, iEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const { nodes, edges, strings } = snap;
  const count = nodes.length / N;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += nodes[i * N + iEdges] * E;
    firstEdge[i + 1] = e;
  }
  const node = (i) => ({
    index: i,
    type: nodeTypes[nodes[i * N + iType]],
    name: strings[nodes[i * N + iName]],
    id: nodes[i * N + iId],
    size: nodes[i * N + iSize],
  });
  // The shortest chain from the roots to each node (breadth first, weak edges left out), as DevTools
  // shows a retainer: what names the cache, queue or listener set an object sits in.
  const parent = new Int32Array(count).fill(-1);
  const parentEdge = new Int32Array(count).fill(-1);
  parent[0] = 0;
  let queue = [0];
  while (queue.length > 0) {
    const next = [];
    for (const p of queue) {
      for (let e = firstEdge[p]; e < firstEdge[p + 1]; e += E) {
        if (edgeTypes[edges[e + eType]] === 'weak') continue;
        const to = edges[e + eTo] / N;
        if (parent[to] !== -1) continue;
        parent[to] = p;
        parentEdge[to] = e;
        next.push(to);
      }
    }
    queue = next;
  }
  const retainer = (i) => {
    if (parent[i] === -1 || i === 0) return undefined;
    const e = parentEdge[i];
    const type = edgeTypes[edges[e + eType]];
    const nameOrIndex = edges[e + eName];
    return { parent: parent[i], edge: type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : strings[nameOrIndex] };
  };
  const children = (i) => {
    const out = [];
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += E) {
      const nameOrIndex = edges[e + eName];
      const type = edgeTypes[edges[e + eType]];
      out.push({ to: edges[e + eTo] / N, edge: type === 'element' || type === 'hidden' ? nameOrIndex : strings[nameOrIndex], type });
    }
    return out;
  };
  return { count, node, retainer, children };
}

/** Class name: a constructor's for objects, the type for the rest (strings, code, arrays). */
function classOf(n) {
  if (n.type === 'object' || n.type === 'closure' || n.type === 'native') return `${n.type === 'closure' ? 'closure ' : ''}${n.name}`;
  return `(${n.type})`;
}

function byClass(s) {
  const out = new Map();
  for (let i = 0; i < s.count; i++) {
    const n = s.node(i);
    const c = classOf(n);
    const row = out.get(c) ?? { count: 0, bytes: 0 };
    row.count++;
    row.bytes += n.size;
    out.set(c, row);
  }
  return out;
}

/** Entries-ish size of a collection: a Map/Set's backing table bytes, an Array's elements bytes. */
function collectionSizes(s) {
  const out = new Map(); // id → { index, kind, bytes }
  for (let i = 0; i < s.count; i++) {
    const n = s.node(i);
    if (n.type !== 'object' || !['Map', 'Set', 'Array', 'Object'].includes(n.name)) continue;
    let bytes = 0;
    let entries = 0;
    for (const c of s.children(i)) {
      if (c.edge === 'table' || c.edge === 'elements') bytes += s.node(c.to).size;
      if (c.type === 'property' || c.type === 'element') entries++;
    }
    if (n.name === 'Object') bytes = Math.max(bytes, entries * 8);
    out.set(n.id, { index: i, kind: n.name, bytes });
  }
  return out;
}

/** The chain of retainers that names node i: `edge ← Class.edge ← …`, up to `depth` steps. */
function path(s, i, depth = 6) {
  const parts = [];
  let at = i;
  for (let d = 0; d < depth; d++) {
    const r = s.retainer(at);
    if (!r) break;
    const p = s.node(r.parent);
    parts.push(`${classOf(p)}.${r.edge}`);
    if (p.type === 'synthetic') break;
    at = r.parent;
  }
  return parts.join(' ← ');
}

/** Objects of `className` new since the earlier snapshot, counted by the chain of retainers that holds them. */
function newObjectsByRetainers(before, after, className, top) {
  const old = new Set();
  for (let i = 0; i < before.count; i++) old.add(before.node(i).id);
  const groups = new Map();
  for (let i = 0; i < after.count; i++) {
    const n = after.node(i);
    if (classOf(n) !== className || old.has(n.id)) continue;
    // A pending promise's reactions are a linked list of hidden objects: thousands of awaits on one
    // promise make a chain thousands long. Shown folded, up to what holds its head.
    const key = path(after, i, 20_000)
      .split(' ← ')
      .filter((part, k, all) => !(part.startsWith('(hidden)') && all[k - 1]?.startsWith('(hidden)')))
      .slice(0, 8)
      .join(' ← ')
      .replace(/\[\d+\]/g, '[n]').replace(/@\d+/g, '');
    groups.set(key, (groups.get(key) ?? 0) + 1);
    if (process.env.HEAP_DIFF_RAW && groups.get(key) === 1) console.log(`raw: ${path(after, i, 40)}`);
  }
  console.log(`\nnew ${className} objects by retainers:`);
  for (const [key, n] of [...groups].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${String(n).padStart(7)}  ${key}`);
}

function main() {
  const args = process.argv.slice(2);
  const option = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
  const top = Number(option('--top') ?? 25);
  const retainersOf = option('--retainers'); // e.g. --retainers Promise
  const [a, b] = args.filter((x, i) => !x.startsWith('--') && !['--top', '--retainers'].includes(args[i - 1]));
  const before = load(a);
  const after = load(b);
  if (retainersOf) {
    newObjectsByRetainers(before, after, retainersOf, top);
    return;
  }
  const ca = byClass(before);
  const cb = byClass(after);
  const rows = [...cb.entries()].map(([c, r]) => ({ c, count: r.count - (ca.get(c)?.count ?? 0), bytes: r.bytes - (ca.get(c)?.bytes ?? 0) }));
  rows.sort((x, y) => y.bytes - x.bytes);
  const total = (m) => [...m.values()].reduce((n, r) => n + r.bytes, 0);
  console.log(`self bytes: ${(total(ca) / 2 ** 20).toFixed(1)} → ${(total(cb) / 2 ** 20).toFixed(1)} MiB`);
  console.log('\ngrowth by class (bytes, count):');
  for (const r of rows.slice(0, top)) console.log(`  ${String(r.bytes).padStart(10)}  ${String(r.count).padStart(8)}  ${r.c}`);

  const sa = collectionSizes(before);
  const sb = collectionSizes(after);
  const grown = [];
  for (const [id, x] of sb) {
    const was = sa.get(id);
    const delta = x.bytes - (was?.bytes ?? 0);
    if (delta > 0) grown.push({ id, ...x, was: was?.bytes ?? 0, delta, existed: Boolean(was) });
  }
  grown.sort((x, y) => y.delta - x.delta);
  console.log('\ncollections that grew (existing at both snapshots first):');
  for (const g of grown.filter((x) => x.existed).slice(0, top))
    console.log(`  ${g.kind} @${g.id}: ${g.was} → ${g.bytes} B  ${path(after, g.index)}`);
  console.log('\nnew collections, largest:');
  for (const g of grown.filter((x) => !x.existed).slice(0, Math.ceil(top / 2)))
    console.log(`  ${g.kind} @${g.id}: ${g.bytes} B  ${path(after, g.index)}`);
}

main();
