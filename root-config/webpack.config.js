const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({
  workspace: 'root-config',
  dir: __dirname,
  devPort: 9000,
  entry: './src/helio-root-config.ts',
});
