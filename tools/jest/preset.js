// Jest settings shared by every workspace: swc transpiles, and for browser apps the one hand-written
// mock of @helio/shared-utils (shared-utils/mock), so apps are tested in isolation.
const path = require('path');
const { swcTypescript } = require('../swc-options');
const root = path.resolve(__dirname, '..', '..');

/**
 * TypeScript is transpiled file by file by swc (tools/swc-options.js): all 1,330 files in 0.6 s of
 * CPU against TypeScript's 16.8 s. (A whole jest run's CPU is mostly loading modules, not
 * transpiling them: bench/RESULTS.md.)
 */
const swcJest = ['@swc/jest', { ...swcTypescript('commonjs'), sourceMaps: 'inline' }];
// V8's code cache across a worker's test files (code-cache-runtime.js)
const runtime = path.join(__dirname, 'code-cache-runtime.js');
// The contract is read from its sources everywhere in jest (no build needed first).
const contracts = { '^@helio/contracts(/.*)?$': path.join(root, 'contracts', 'src') + '$1' };

function browserProject(dir, { mockSharedUtils = true } = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    runtime,
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: ['network-guard.js', 'console-guard.js', 'browser-setup.js'].map((file) => path.join(__dirname, file)),
    transform: { '^.+\\.tsx?$': swcJest },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-mock.js'),
      // Blueprint's icons as the console ships them, not every icon's module at once (blueprint-icons.js)
      '^@blueprintjs/icons$': path.join(__dirname, 'blueprint-icons.js'),
      '^@blueprintjs/icons/next$': path.join(__dirname, 'blueprint-icons-next.js'),
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
    runtime,
    testEnvironment: 'node',
    setupFilesAfterEnv: [path.join(__dirname, 'console-guard.js'), ...setup],
    transform: { '^.+\\.ts$': swcJest },
    moduleNameMapper: {
      '^@helio/device-simulator$': path.join(root, 'device-simulator', 'src', 'index.ts'),
      ...contracts,
    },
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    // the root config's timeout (jest.config.js) for `npx jest` run inside the workspace, where this
    // file is the whole config (within the root run, jest takes the root's)
    testTimeout: 60_000,
  };
}

module.exports = { browserProject, nodeProject };
