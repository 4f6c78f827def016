const vm = require('node:vm');
const { compileCached, codeCache } = require('./code-cache-runtime');

describe("jest's runtime with V8's code cache", () => {
  const context = vm.createContext({});
  const executor = {
    environment: { getVmContext: () => context },
    resolution: { isCoreModule: () => false },
    injectedModuleParameters: ['module', 'exports'],
    dynamicImport: () => Promise.reject(new Error('no dynamic import here')),
  };
  const jestCompile = jest.fn(() => 'jest compiled it');
  const source = 'module.exports = (function twice(x) { return 2 * x; })(21);';

  it('compiles a module from the cache the second time, and runs it afresh each time', () => {
    const first = compileCached(executor, jestCompile, source, '/virtual/answer.js');
    expect(codeCache.get('/virtual/answer.js')?.data.length).toBeGreaterThan(0);
    const second = compileCached(executor, jestCompile, source, '/virtual/answer.js');
    expect(second.cachedDataRejected).toBe(false);
    const [a, b] = [first, second].map((fn) => {
      const module = { exports: undefined };
      fn(module, {});
      return module.exports;
    });
    expect([a, b]).toEqual([42, 42]);
    expect(jestCompile).not.toHaveBeenCalled();
  });

  it('compiles a changed source from the source, never from the cache of the old one', () => {
    compileCached(executor, jestCompile, source, '/virtual/changed.js');
    const changed = compileCached(executor, jestCompile, 'module.exports = 7;', '/virtual/changed.js');
    const module = { exports: undefined };
    changed(module, {});
    expect(module.exports).toBe(7);
    expect(changed.cachedDataRejected).toBeUndefined();
    expect(codeCache.get('/virtual/changed.js')?.source).toBe('module.exports = 7;');
  });

  it("leaves a source with a syntax error to jest's own compile, which reports it", () => {
    expect(compileCached(executor, jestCompile, 'module.exports = ;', '/virtual/broken.js')).toBe('jest compiled it');
  });
});
