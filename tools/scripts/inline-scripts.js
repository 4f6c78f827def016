// What the Content-Security-Policy needs from the built console: the hashes of index.html's inline
// scripts (the only inline code it allows) and a check that no bundle carries eval-like code.
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script types the browser runs; `systemjs-importmap` is data, read by SystemJS, never run. */
const RUNNABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;

/** `'sha256-…'` of every inline script the browser would run, in document order, without repeats. */
function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!RUNNABLE_TYPE.test(type)) continue;
    const hash = `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

const EVAL_LIKE = /(?<![\w$.])(eval\(|new Function\(|Function\(\s*["'])/;

/** Built JavaScript files (relative to appsDir) that contain eval or the Function constructor. */
function evalUses(appsDir) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js') && EVAL_LIKE.test(fs.readFileSync(file, 'utf8'))) found.push(path.relative(appsDir, file));
    }
  };
  walk(appsDir);
  return found;
}

module.exports = { inlineScriptHashes, evalUses };
