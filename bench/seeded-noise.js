// Repeatable noise for the benches' synthetic series: mulberry32 (32-bit integer arithmetic; an LCG
// in doubles loses bits past 2^53 and repeats itself) and a Gaussian from it (Box–Muller).
'use strict';

function seededNoise(seed) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  return { random, gauss };
}

module.exports = { seededNoise };
