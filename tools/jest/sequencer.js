// Longest suites first, so no long suite starts last and leaves the other workers idle at the end.
// Jest orders by the durations it cached on the last run; a clean clone (CI) has none and jest falls
// back to file size, which put the 140 s packing suite among the last. There the durations measured
// in a clean clone's run (tools/jest/slow-suites.json, seconds, suites over 12 s) stand in.
// Refresh it from a run's cache: node tools/jest/sequencer.js <jest cache dir>
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.resolve(__dirname, '..', '..');
const measured = require('./slow-suites.json');

class SlowFirstSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const seconds = measured[path.relative(root, test.path)];
    return seconds === undefined ? undefined : seconds * 1000;
  }

  /** Failed last time first, then by duration, longest first; suites of unknown duration (jest's default runs them first) last, largest file first. */
  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = this.time(test);
    return tests.sort(
      (a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || (b.duration ?? -1) - (a.duration ?? -1) || size(b) - size(a),
    );
  }
}

module.exports = SlowFirstSequencer;

if (require.main === module) {
  const dir = process.argv[2];
  const times = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('perf-cache-')))
    for (const [suite, [, ms]] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))))
      if (suite.startsWith(root + path.sep) && ms >= 12_000) times[path.relative(root, suite)] = Math.round(ms / 1000);
  const sorted = Object.fromEntries(Object.entries(times).sort((a, b) => b[1] - a[1]));
  fs.writeFileSync(path.join(__dirname, 'slow-suites.json'), `${JSON.stringify(sorted, null, 2)}\n`);
}
