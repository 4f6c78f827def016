// One jest run over every workspace (each has its own jest.config.js built from tools/jest/preset).
module.exports = {
  // A global option (ignored inside projects): the server suites seed users with scrypt and start
  // brokers, which takes more than jest's 5 s default on a loaded 2-core machine.
  testTimeout: 30000,
  projects: [
    '<rootDir>/tools',
    '<rootDir>/contracts',
    '<rootDir>/shared-utils',
    // every app folder: a new app needs no line here
    '<rootDir>/*-app',
    '<rootDir>/root-config',
    '<rootDir>/device-simulator',
    '<rootDir>/server',
  ],
};
