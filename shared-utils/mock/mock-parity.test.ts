// The mock every app's tests use must not drift from the real module: same export names, the same
// constants, and (checked by tsc) types assignable to the real signatures.
import type * as Real from '../src/index';
import * as mock from './index';

// Compile-time half: every real export exists in the mock with a compatible type.
const typed: typeof Real = mock;

function loadRealModule(): Record<string, unknown> {
  // Importing the real module starts i18next's HTTP backend; answer it without a network.
  const fetchStub = jest.fn(async () => ({ ok: true, status: 200, text: async () => '{}' }));
  Object.assign(globalThis, { fetch: fetchStub });
  return jest.requireActual('../src/index');
}

describe('the shared-utils jest mock', () => {
  const real = loadRealModule();
  const mockNames = Object.keys(mock).filter((name) => !name.startsWith('__'));

  it('exports exactly the names of src/index.ts (test controls aside, which start with __)', () => {
    expect(mockNames.sort()).toEqual(Object.keys(real).sort());
    expect(Object.keys(typed).length).toBeGreaterThan(0);
  });

  it('exports the same constants as the real module', () => {
    const constants = Object.keys(real).filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name));
    expect(constants).toEqual(
      expect.arrayContaining(['TOKEN_REFRESH_MS', 'RETURN_TO_KEY', 'ACTIVE_PLANT_STORAGE_KEY', 'USERS_ME_KEY', 'METRICS']),
    );
    for (const name of constants) expect([name, (mock as Record<string, unknown>)[name]]).toEqual([name, real[name]]);
  });

  it('exports functions where the real module has functions', () => {
    for (const name of mockNames) {
      expect([name, typeof (mock as Record<string, unknown>)[name]]).toEqual([name, typeof real[name]]);
    }
  });
});
