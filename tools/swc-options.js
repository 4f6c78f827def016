// How TypeScript becomes JavaScript wherever it is not `tsc` that emits: jest (@swc/jest) and the
// browser bundles (swc-loader). swc transpiles file by file, as the tsconfigs' isolatedModules allow,
// and `tsc` type-checks in a step of its own. ES2022 classes keep their fields defined as tsc emits
// them for the same target (useDefineForClassFields).

/** swc's options for TypeScript and TSX; `module`: 'commonjs' for jest, 'es6' for webpack (which bundles and tree-shakes). */
function swcTypescript(module) {
  return {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    },
    module: { type: module },
  };
}

module.exports = { swcTypescript };
