// Jest's runtime with V8's code cache across the test files of a worker. Jest compiles every module
// of every test file's module graph anew (vm.compileFunction, one registry per file), and a server
// test file's graph is some ten megabytes of source (Fastify, Ajv, Kysely, pdfkit…). V8 compiles a
// module from its code cache about five times faster than from source: 12 server test files in band
// took 15 % less CPU (bench/RESULTS.md). The cache holds bytecode only: each file still
// runs every module afresh in its own context, as jest's isolation requires; a cache V8 does not
// accept (another V8, other flags) is rejected by V8 itself and the module compiles from source.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

/** filename → the source compiled and its code cache, for this worker's life. */
const codeCache = new Map();

/**
 * Compiles a module for `executor` (jest-runtime's ModuleExecutor) from the code cache when it holds
 * this source, producing the cache otherwise; `jestCompile` (jest's own) for what this does not cover.
 */
function compileCached(executor, jestCompile, scriptSource, filename) {
  const vmContext = executor.environment.getVmContext();
  if (vmContext == null || executor.resolution.isCoreModule(filename)) return jestCompile(scriptSource, filename);
  const cached = codeCache.get(filename);
  const hit = cached !== undefined && cached.source === scriptSource;
  let compiled;
  try {
    compiled = vm.compileFunction(scriptSource, executor.injectedModuleParameters, {
      filename,
      parsingContext: vmContext,
      importModuleDynamically: (specifier, _function, importAttributes, phase) =>
        executor.dynamicImport(specifier, filename, vmContext, importAttributes, phase),
      ...(hit ? { cachedData: cached.data } : { produceCachedData: true }),
    });
  } catch {
    return jestCompile(scriptSource, filename); // a syntax error and the like, reported as jest does
  }
  if (!hit && compiled.cachedData) codeCache.set(filename, { source: scriptSource, data: compiled.cachedData });
  if (hit && compiled.cachedDataRejected) codeCache.delete(filename);
  return compiled;
}

class CodeCacheRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    // Jest 30 compiles in its ModuleExecutor (this.executor), which its CJS loader shares.
    const { executor } = this;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => compileCached(executor, jestCompile, scriptSource, filename);
  }
}

module.exports = CodeCacheRuntime;
module.exports.compileCached = compileCached;
module.exports.codeCache = codeCache;
