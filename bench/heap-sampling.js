// Preloaded into each replica with BENCH_SERVER_HEAP_PROFILE=<dir> (dist-paths.js): V8's sampling heap
// profiler over every allocation, the ones collected since included, written as a .heapprofile (Chrome
// DevTools' Memory tab, or bench/heap-summary.js) every BENCH_HEAP_WINDOW_S (60) seconds and when the
// process exits. Node's own --heap-prof keeps only the objects still alive when the process exits,
// which hides what the garbage collector spends its time on: the short-lived objects.
'use strict';
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_SERVER_HEAP_PROFILE;
const windowMs = Number(process.env.BENCH_HEAP_WINDOW_S ?? 60) * 1000;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  // an in-process session answers synchronously: the callback has run when post returns
  const post = (method, params) => {
    let answer;
    session.post(method, params, (error, result) => {
      if (error) throw error;
      answer = result;
    });
    return answer;
  };
  const start = () =>
    post('HeapProfiler.startSampling', {
      samplingInterval: 256 * 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  let window = 0;
  const write = () => {
    const { profile } = post('HeapProfiler.stopSampling');
    window += 1;
    fs.writeFileSync(path.join(path.resolve(dir), `replica-${process.pid}-window-${window}.heapprofile`), JSON.stringify(profile));
  };
  post('HeapProfiler.enable');
  start();
  const timer = setInterval(() => {
    write();
    start();
  }, windowMs);
  // the last window, however short, when the process ends by itself or by process.exit
  process.once('exit', write);
  timer.unref();
}
