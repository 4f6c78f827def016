const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'flow-app', dir: __dirname, devPort: 9106 });
