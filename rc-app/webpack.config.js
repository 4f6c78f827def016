const { helioWebpackConfig } = require('../tools/webpack.factory');

module.exports = helioWebpackConfig({ workspace: 'rc-app', dir: __dirname, devPort: 9108 });
