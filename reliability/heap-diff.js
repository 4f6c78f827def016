// `node --max-old-space-size=4096 reliability/heap-diff.js <earlier.heapsnapshot> <later.heapsnapshot> [--top N]`:
// what a process holds more of at the later snapshot than at the earlier one (two snapshots of the
// same process, e.g. RELIABILITY_HEAP_SNAPSHOT_AT's and the end's). Prints, by constructor, the
// growth in count and bytes; then the Maps, Sets and arrays that grew most, matched by the shortest
// chain of retainers from the roots that names them (which cache, listener set or queue it is; V8's
// object ids are not kept between snapshots Node writes on a signal). A growing collection is the
// usual shape of a leak. `--retainers <Class>` instead: the objects of that class in both snapshots,
// counted by the chain that holds them (what thousands of Promises or closures wait on).
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

/** Each Map, Set and Array by the chain of retainers that names it: its backing store's bytes. */
function collectionSizes(s) {
  const out = new Map(); // path → { index, kind, bytes }
  for (let i = 0; i < s.count; i++) {
    const n = s.node(i);
    if (n.type !== 'object' || !['Map', 'Set', 'Array'].includes(n.name)) continue;
    let bytes = 0;
    for (const c of s.children(i)) if (c.edge === 'table' || c.edge === 'elements') bytes += s.node(c.to).size;
    if (bytes < 1024) continue;
    const key = `${n.name} ${path(s, i, 6)}`;
    const was = out.get(key);
    out.set(key, { index: i, kind: n.name, bytes: bytes + (was?.bytes ?? 0) });
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

/** Chains of retainers, folded: a pending promise's reactions are a linked list of hidden objects, thousands long. */
function foldedPath(s, i) {
  return path(s, i, 20_000)
    .split(' ← ')
    .filter((part, k, all) => !(part.startsWith('(hidden)') && all[k - 1]?.startsWith('(hidden)')))
    .slice(0, 8)
    .join(' ← ')
    .replace(/\[\d+\]/g, '[n]');
}

/** Objects of `className` counted by the chain of retainers that holds them, in both snapshots. */
function byRetainers(s, className) {
  const groups = new Map();
  for (let i = 0; i < s.count; i++) {
    const n = s.node(i);
    if (classOf(n) !== className) continue;
    const key = foldedPath(s, i);
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return groups;
}

function retainersDiff(before, after, className, top) {
  const a = byRetainers(before, className);
  const b = byRetainers(after, className);
  const rows = [...new Set([...a.keys(), ...b.keys()])].map((key) => ({ key, was: a.get(key) ?? 0, now: b.get(key) ?? 0 }));
  rows.sort((x, y) => y.now - y.was - (x.now - x.was));
  console.log(`\n${className} objects by the chain that holds them (earlier → later):`);
  for (const r of rows.slice(0, top)) console.log(`  ${String(r.was).padStart(7)} → ${String(r.now).padStart(7)}  ${r.key}`);
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
    retainersDiff(before, after, retainersOf, top);
    return;
  }
  const ca = byClass(before);
  const cb = byClass(after);
  const rows = [...cb.entries()].map(([c, r]) => ({
    c,
    count: r.count - (ca.get(c)?.count ?? 0),
    bytes: r.bytes - (ca.get(c)?.bytes ?? 0),
  }));
  rows.sort((x, y) => y.bytes - x.bytes);
  const total = (m) => [...m.values()].reduce((n, r) => n + r.bytes, 0);
  console.log(`self bytes: ${(total(ca) / 2 ** 20).toFixed(1)} → ${(total(cb) / 2 ** 20).toFixed(1)} MiB`);
  console.log('\ngrowth by class (bytes, count):');
  for (const r of rows.slice(0, top)) console.log(`  ${String(r.bytes).padStart(10)}  ${String(r.count).padStart(8)}  ${r.c}`);

  const sa = collectionSizes(before);
  const sb = collectionSizes(after);
  const grown = [];
  for (const [key, x] of sb) {
    const was = sa.get(key)?.bytes ?? 0;
    if (x.bytes > was) grown.push({ key, was, bytes: x.bytes, delta: x.bytes - was });
  }
  grown.sort((x, y) => y.delta - x.delta);
  console.log('\ncollections that grew (Maps, Sets and Arrays over 1 KiB, by the chain that holds them):');
  for (const g of grown.slice(0, top)) console.log(`  ${String(g.was).padStart(9)} → ${String(g.bytes).padStart(9)} B  ${g.key}`);
}

main();
