// Jest settings shared by every workspace: ts-jest (isolated, fast), and for browser apps the one
// hand-written mock of @helio/shared-utils (shared-utils/mock), so apps are tested in isolation.
const path = require('path');
const root = path.resolve(__dirname, '..', '..');

// isolatedModules (set in the tsconfigs) makes ts-jest transpile file by file: fast; `tsc` typechecks.
const tsJest = ['ts-jest', { tsconfig: path.join(root, 'tsconfig.json') }];
// The contract is read from its sources everywhere in jest (no build needed first).
const contracts = { '^@helio/contracts(/.*)?$': path.join(root, 'contracts', 'src') + '$1' };

function browserProject(dir, { mockSharedUtils = true } = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: ['network-guard.js', 'console-guard.js', 'browser-setup.js'].map((file) => path.join(__dirname, file)),
    transform: { '^.+\\.tsx?$': tsJest },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-mock.js'),
      ...contracts,
      ...(mockSharedUtils
        ? {
            // tests reach the mock's controls (__setSession…) through '@helio/shared-utils/mock':
            // the same file, so the same module instance as '@helio/shared-utils'
            '^@helio/shared-utils(/mock)?$': path.join(root, 'shared-utils', 'mock', 'index.tsx'),
          }
        : {}),
    },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/mock/**/*.test.ts?(x)'],
  };
}

/** `setup`: more setup files, run in each test file's module registry after the console guard. */
function nodeProject(dir, { setup = [] } = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'node',
    setupFilesAfterEnv: [path.join(__dirname, 'console-guard.js'), ...setup],
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json') }],
    },
    moduleNameMapper: {
      '^@helio/device-simulator$': path.join(root, 'device-simulator', 'src', 'index.ts'),
      ...contracts,
    },
    testMatch: ['<rootDir>/src/**/*.test.ts'],
  };
}

module.exports = { browserProject, nodeProject };
