// A report merged into its shadow document in this process (shadow-doc.ts's applyUpdate, what a
// replica does for every report before writing the row back): CPU µs an update for a gateway's report
// of BENCH_MERGE_KEYS (30) numbers into a shadow holding them and a nested object, BENCH_MERGE_UPDATES
// (200,000) updates a round, 3 rounds. Needs the built server (`npm run build -w server`).
'use strict';
const dist = require('./dist-paths');
const { applyUpdate, emptyShadow } = require(dist.server('iot/shadows/shadow-doc'));

const KEYS = Array.from({ length: Number(process.env.BENCH_MERGE_KEYS ?? 30) }, (_, i) => `Metric${i}`);
const UPDATES = Number(process.env.BENCH_MERGE_UPDATES ?? 200_000);
const patchOf = (n) => Object.fromEntries(KEYS.map((key, i) => [key, Math.round(Math.sin(n + i) * 1e5) / 10]));
const patches = Array.from({ length: 1000 }, (_, i) => patchOf(i));

let doc = applyUpdate(emptyShadow(), 'reported', { ...patchOf(0), Battery: { mode: 'auto', limits: { min: 10, max: 95 } } }, 1).doc;
console.log(
  `Shadow merge: a report of ${KEYS.length} numbers into its shadow, ${UPDATES.toLocaleString('en-US')} updates a round (CPU of this process)`,
);
for (let round = 1; round <= 3; round++) {
  const before = process.cpuUsage();
  for (let i = 0; i < UPDATES; i++) doc = applyUpdate(doc, 'reported', patches[i % patches.length], 1.7e12 + i * 5000).doc;
  const spent = process.cpuUsage(before);
  console.log(`  round ${round}: ${((spent.user + spent.system) / UPDATES).toFixed(2)} µs an update`);
}
