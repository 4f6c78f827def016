const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'shared-utils', dir: __dirname, devPort: 9100, entry: './src/index.ts' });
