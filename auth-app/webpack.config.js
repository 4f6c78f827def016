const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'auth-app', dir: __dirname, devPort: 9102 });
