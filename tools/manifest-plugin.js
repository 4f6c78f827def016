// Writes manifest.json beside a build: entry name -> emitted (hashed) file. The import map the
// browser gets is made from these manifests, so it always points at the files just built.
class EntryManifestPlugin {
  constructor({ filename = 'manifest.json' } = {}) {
    this.filename = filename;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryManifestPlugin', stage: compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entries = {};
          for (const [name, entrypoint] of compilation.entrypoints) {
            const files = entrypoint.getFiles().filter((f) => f.endsWith('.js'));
            entries[name] = files[files.length - 1];
          }
          const json = JSON.stringify({ entries }, null, 2);
          compilation.emitAsset(this.filename, new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { EntryManifestPlugin };
