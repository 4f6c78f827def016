// Writes manifest.json beside a build: entry name -> emitted (hashed) file, the stylesheets extracted
// from each entry (index.html links them), and each named lazy chunk (a page) -> every JavaScript
// file loading it takes. The import map the browser gets is made from
// the entries; the route-size report reads what one page really downloads from the chunks.
class EntryManifestPlugin {
  constructor({ filename = 'manifest.json' } = {}) {
    this.filename = filename;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EntryManifestPlugin', stage: compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entries = {};
        const styles = {};
        for (const [name, entrypoint] of compilation.entrypoints) {
          const files = entrypoint.getFiles().filter((f) => f.endsWith('.js'));
          entries[name] = files[files.length - 1];
          const css = entrypoint.getFiles().filter((f) => f.endsWith('.css'));
          if (css.length > 0) styles[name] = css;
        }
        const chunks = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (compilation.entrypoints.has(name)) continue;
          chunks[name] = group.getFiles().filter((f) => f.endsWith('.js'));
        }
        const json = JSON.stringify({ entries, styles, chunks }, null, 2);
        compilation.emitAsset(this.filename, new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

module.exports = { EntryManifestPlugin };
