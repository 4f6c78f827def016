// One jest run over every workspace (each has its own jest.config.js built from tools/jest/preset).
module.exports = {
  // A global option (ignored inside projects): the server suites seed users with scrypt and start
  // brokers, which takes more than jest's 5 s default on a loaded 2-core machine.
  testTimeout: 30000,
  projects: [
    '<rootDir>/tools',
    '<rootDir>/contracts',
    '<rootDir>/shared-utils',
    '<rootDir>/nav-app',
    '<rootDir>/auth-app',
    '<rootDir>/monitoring-app',
    '<rootDir>/notifications-app',
    '<rootDir>/account-app',
    '<rootDir>/flow-app',
    '<rootDir>/management-app',
    '<rootDir>/fep-app',
    '<rootDir>/ev-app',
    '<rootDir>/root-config',
    '<rootDir>/device-simulator',
    '<rootDir>/server',
  ],
};
