const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'integrations-app', dir: __dirname, devPort: 9109 });
