// @blueprintjs/icons/next in the browser apps' jest suites: what @blueprintjs/core's IconNext takes
// from it (the loader and the sizes), without the entry's every-icon modules (blueprint-icons.js).
const path = require('node:path');

const lib = path.join(path.dirname(require.resolve('@blueprintjs/icons/package.json')), 'lib', 'cjs');

module.exports = {
  __esModule: true,
  IconsNext: require(path.join(lib, 'next', 'iconLoaderNext')).IconsNext,
  IconSize: require(path.join(lib, 'iconTypes')).IconSize,
};
