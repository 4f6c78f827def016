// Where a sampling heap profile's bytes were allocated (bench/heap-sampling.js writes them): by
// function, by function and its caller (inlined functions are counted in the function they were
// inlined into), and by function with what it calls. `node bench/heap-summary.js <file.heapprofile> [rows]`
'use strict';
const fs = require('node:fs');

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/heap-summary.js <file.heapprofile> [rows]');
const rows = Number(rowsArg ?? 25);
const { head } = JSON.parse(fs.readFileSync(file, 'utf8'));
const own = new Map();
const byCaller = new Map();
const inclusive = new Map();
const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
const nameOf = ({ callFrame: f }) => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;

/** Adds the node's own bytes and answers its subtree's; a function recursing counts once inclusively. */
function walk(node, caller, onStack) {
  const name = nameOf(node);
  add(own, name, node.selfSize);
  add(byCaller, `${name}  ←  ${caller}`, node.selfSize);
  const nested = new Set(onStack).add(name);
  let subtree = node.selfSize;
  for (const child of node.children) subtree += walk(child, name, nested);
  if (!onStack.has(name)) add(inclusive, name, subtree);
  return subtree;
}
const total = walk(head, '(root)', new Set());

const table = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${(bytes / 1e6).toFixed(0).padStart(7)} MB  ${name}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(0)} MB allocated (sampled)`);
table('by function', own);
table('by function and its caller', byCaller);
table('by function with what it calls', inclusive);
