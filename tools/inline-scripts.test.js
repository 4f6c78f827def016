const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { publicDir } = require('./paths');
const { inlineScriptHashes, evalUses } = require('./scripts/inline-scripts');

const sha = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes for the Content-Security-Policy', () => {
  it('hashes the exact text of each script the browser runs, and skips import maps and external scripts', () => {
    const html = [
      '<script>\n  one();\n</script>',
      '<script type="systemjs-importmap">{"imports":{}}</script>',
      '<script src="/a.js"></script>',
      '<script type="module">two()</script>',
      '<script>\n  one();\n</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([sha('\n  one();\n'), sha('two()')]);
  });

  it('finds eval and the Function constructor in built files, not words that merely contain them', () => {
    const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'helio-eval-'));
    fs.mkdirSync(path.join(dir, 'app'));
    fs.writeFileSync(path.join(dir, 'app', 'bad.js'), 'try{return this||new Function("return this")()}catch(e){}');
    fs.writeFileSync(path.join(dir, 'app', 'worse.js'), 'x=eval("1")');
    fs.writeFileSync(path.join(dir, 'app', 'fine.js'), 'x.evaluate(1); retrieval(2); const myFunction = 3;');
    expect(evalUses(dir).sort()).toEqual([path.join('app', 'bad.js'), path.join('app', 'worse.js')]);
  });
});

const built = fs.existsSync(path.join(publicDir, 'csp-hashes.json'));
(built ? describe : describe.skip)('the built console under its Content-Security-Policy', () => {
  it('lists the hash of every inline script of index.html and nothing else', () => {
    const html = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
    const { scriptSrc } = JSON.parse(fs.readFileSync(path.join(publicDir, 'csp-hashes.json'), 'utf8'));
    expect(scriptSrc).toEqual(inlineScriptHashes(html));
    expect(scriptSrc.length).toBe(3); // the theme before first paint, the overrides loader and the SystemJS bootstrap
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // inline event handlers cannot be hashed
  });

  it('carries no eval-like code in any bundle', () => {
    expect(evalUses(path.join(publicDir, 'apps'))).toEqual([]);
  });
});
