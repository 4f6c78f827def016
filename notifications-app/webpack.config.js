const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'notifications-app', dir: __dirname, devPort: 9104 });
