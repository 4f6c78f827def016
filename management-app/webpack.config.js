const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'management-app', dir: __dirname, devPort: 9107 });
