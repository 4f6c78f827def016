// Emits each Blueprint icon's SVG paths as its own small JSON file next to the shared icons module,
// so an icon costs one ~300-byte request on first use and nothing is shipped up front (a webpack
// chunk per icon would need a ~55 KB gzipped chunk map in the module itself).
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const SIZES = [16, 20];
const pathsDir = (iconsDir, size) => path.join(iconsDir, 'lib', 'esm', 'generated', `${size}px`, 'paths');

/**
 * 8 hex digits of a hash of the icon package's manifest (its version: a published version's icons
 * never change) and of this plugin (the files' format): the folder's name carries it, so the server
 * lets browsers keep the files for a year (http/static.ts) and changed files get a new folder.
 */
function iconSetHash(iconsDir) {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(iconsDir, 'package.json')));
  return hash.update(fs.readFileSync(__filename)).digest('hex').slice(0, 8);
}

class IconPathsPlugin {
  constructor({ iconsDir, outDir }) {
    this.iconsDir = iconsDir;
    this.outDir = outDir;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('IconPathsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'IconPathsPlugin', stage: compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const size of SIZES) {
          const dir = pathsDir(this.iconsDir, size);
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

module.exports = { IconPathsPlugin, iconSetHash, pathsDir };
