// One jest run over every workspace (each has its own jest.config.js built from tools/jest/preset).
module.exports = {
  // A global option (ignored inside projects): the server suites seed users with scrypt and start
  // brokers, which takes more than jest's 5 s default on a loaded 2-core machine.
  testTimeout: 60_000,
  // Two workers per core: the suites mostly wait (on SQLite, PostgreSQL and brokers, on Testing
  // Library's polls), using a third of their wall time as CPU. On this 2-core machine at load 14,
  // the management and monitoring apps' suites took 110 s with two workers and 70 s with four.
  // A number, not '200%': jest reads a percentage over 100 as a plain count (200 workers).
  maxWorkers: 2 * require('node:os').availableParallelism(),
  // Each browser-app test file leaves some 10 MB behind in its worker (jsdom and React's module graph,
  // measured with --logHeapUsage); a worker past this is replaced between files instead of growing
  // to 1.7 GB and collecting ever longer.
  workerIdleMemoryLimit: '1GB',
  // the longest suites first, also on a clean clone without jest's timing cache
  testSequencer: '<rootDir>/tools/jest/sequencer.js',
  // each run's PostgreSQL worker databases are its own, dropped at the end (tools/jest/pg-cleanup.js)
  globalSetup: '<rootDir>/tools/jest/global-setup.js',
  globalTeardown: '<rootDir>/tools/jest/global-teardown.js',
  projects: [
    '<rootDir>/tools',
    '<rootDir>/contracts',
    '<rootDir>/shared-utils',
    // every app folder: a new app needs no line here
    '<rootDir>/*-app',
    '<rootDir>/root-config',
    '<rootDir>/device-simulator',
    '<rootDir>/gateway',
    '<rootDir>/server',
  ],
};
