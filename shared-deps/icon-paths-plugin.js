// Emits each Blueprint icon's SVG paths as its own small JSON file next to the shared icons module,
// so an icon costs one ~300-byte request on first use and nothing is shipped up front (a webpack
// chunk per icon would need a ~55 KB gzipped chunk map in the module itself).
const fs = require('fs');
const path = require('path');

class IconPathsPlugin {
  constructor({ iconsDir, outDir }) {
    this.iconsDir = iconsDir;
    this.outDir = outDir;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('IconPathsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'IconPathsPlugin', stage: compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const size of [16, 20]) {
          const dir = path.join(this.iconsDir, 'lib', 'esm', 'generated', `${size}px`, 'paths');
          for (const file of fs.readdirSync(dir)) {
            if (!file.endsWith('.js') || file === 'index.js') continue;
            // `export default [...]`, or `const p = [...]; export default p;` for the blank icon
            const match = /(?:export default|const p =) (\[[\s\S]*?\]);/.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
            if (!match) throw new Error(`unexpected icon module ${file}`);
            const json = JSON.stringify(JSON.parse(match[1]));
            compilation.emitAsset(`${this.outDir}/${size}/${file.replace(/\.js$/, '.json')}`, new RawSource(json));
          }
        }
      });
    });
  }
}

module.exports = { IconPathsPlugin };
