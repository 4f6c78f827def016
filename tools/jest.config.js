module.exports = {
  displayName: 'tools',
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFilesAfterEnv: [require('path').join(__dirname, 'jest', 'console-guard.js')],
  testMatch: ['<rootDir>/**/*.test.js'],
  transform: {},
};
