const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'monitoring-app', dir: __dirname, devPort: 9103 });
