const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'ev-app', dir: __dirname, devPort: 9111 });
