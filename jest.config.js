// One jest run over every workspace (each has its own jest.config.js built from tools/jest/preset).
module.exports = {
  projects: [
    '<rootDir>/tools',
    '<rootDir>/shared-utils',
    '<rootDir>/nav-app',
    '<rootDir>/auth-app',
    '<rootDir>/monitoring-app',
    '<rootDir>/notifications-app',
    '<rootDir>/account-app',
    '<rootDir>/flow-app',
    '<rootDir>/root-config',
    '<rootDir>/device-simulator',
    '<rootDir>/server',
  ],
};
