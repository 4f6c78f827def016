const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'analytics-app', dir: __dirname, devPort: 9110 });
