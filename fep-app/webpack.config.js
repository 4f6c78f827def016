const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'fep-app', dir: __dirname, devPort: 9110 });
