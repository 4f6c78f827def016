// Where the built server and simulator live (npm run bench builds them first), and how to profile the server.
'use strict';
const path = require('node:path');

const root = path.join(__dirname, '..');
module.exports = {
  root,
  server: (module) => path.join(root, 'server', 'dist', module),
  simulator: () => path.join(root, 'device-simulator', 'dist'),
  /** BENCH_SERVER_PROFILE=<dir>: the server's (each replica's) Node flags to write its CPU profile there when it stops. */
  profileArgs: () => [
    ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_SERVER_PROFILE)}`] : []),
    // BENCH_SERVER_HEAP_PROFILE=<dir>: where the bytes were allocated, a profile a minute (heap-sampling.js)
    ...(process.env.BENCH_SERVER_HEAP_PROFILE ? ['--require', path.join(__dirname, 'heap-sampling.js')] : []),
  ],
};
