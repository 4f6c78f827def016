// Where a page's main thread spends a stretch (issue 41: "profile a reload with CDP"): Chromium's
// sampling profiler over a CDP session, summarised as self time by script and by function, so the
// bench names what renders slowly rather than only how long the figure took.
'use strict';

/** Starts sampling; the returned function stops and answers the profile (a .cpuprofile object). */
async function startPageProfile(cdp, intervalUs = 200) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

/** Self time (ms) of each node, from the samples' time deltas. */
function selfTimes(profile) {
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  return self;
}

const scriptOf = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8,}\./, '.') : '(native)');

/** The top `most` scripts and functions by self time; idle and GC are reported apart. */
function summariseProfile(profile, most = 10) {
  const self = selfTimes(profile);
  const byScript = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const script = ['(idle)', '(program)', '(garbage collector)'].includes(functionName) ? functionName : scriptOf(url);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${scriptOf(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, most)
      .map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }));
  return { totalMs: Math.round(total), scripts: top(byScript), functions: top(byFunction) };
}

module.exports = { startPageProfile, summariseProfile };
