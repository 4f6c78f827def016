const path = require('path');

const repoRoot = path.resolve(__dirname, '..');
// Everything the browser loads is built into one static tree: any static host can serve it.
const publicDir = path.join(repoRoot, 'dist', 'public');

module.exports = { repoRoot, publicDir, appsDir: path.join(publicDir, 'apps') };
