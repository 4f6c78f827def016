const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'nav-app', dir: __dirname, devPort: 9101 });
