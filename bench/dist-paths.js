// Where the built server and simulator live (npm run bench builds them first).
'use strict';
const path = require('node:path');

const root = path.join(__dirname, '..');
module.exports = {
  root,
  server: (module) => path.join(root, 'server', 'dist', module),
  simulator: () => path.join(root, 'device-simulator', 'dist'),
};
