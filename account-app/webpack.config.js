const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'account-app', dir: __dirname, devPort: 9105 });
