// The one webpack factory: every browser workspace builds a System.register module with it.
const path = require('path');
const sharedModules = require('./shared-modules');
const { appsDir } = require('./paths');
const { EntryManifestPlugin } = require('./manifest-plugin');

const sharedNames = sharedModules.map((m) => m.name);

/**
 * Shared libraries and every @helio/* module come from the import map, never from the bundle. The
 * one exception is @helio/contracts: plain values and types compiled into each bundle that uses them.
 */
function helioExternals(except = []) {
  return [
    ...sharedNames.filter((n) => !except.includes(n)),
    /^@helio\/(?!contracts(\/|$)).+/,
  ];
}

const contractsSource = path.join(__dirname, '..', 'contracts', 'src');

function rules() {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('ts-loader'),
        // Type errors are caught once for the whole repo by `tsc` in the build; this keeps webpack fast.
        options: { transpileOnly: true, configFile: path.join(__dirname, '..', 'tsconfig.json') },
      },
    },
    { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
    { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/resource' },
  ];
}

/**
 * @param {object} o
 * @param {string} o.workspace   folder name, e.g. 'nav-app' (import-map name @helio/nav-app)
 * @param {string} o.dir         the workspace's directory
 * @param {number} o.devPort     port of `npm run dev -w <workspace>`
 * @param {string} [o.entry]     entry file, default src/helio-<workspace>.tsx
 */
function helioWebpackConfig({ workspace, dir, devPort, entry }) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const entryName = `helio-${workspace}`;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { [entryName]: entry ?? `./src/${entryName}.tsx` },
      output: {
        path: path.join(appsDir, workspace),
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: '[name].[contenthash:8][ext]',
        library: { type: 'system' },
        uniqueName: entryName,
        clean: true,
      },
      externals: helioExternals(),
      externalsType: 'system',
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '@helio/contracts': contractsSource } },
      module: { rules: rules() },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        name: `${workspace}-${production ? 'production' : 'development'}`,
        buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')] },
      },
      plugins: [new EntryManifestPlugin()],
      devServer: {
        port: devPort,
        headers: { 'Access-Control-Allow-Origin': '*' },
        allowedHosts: 'all',
        hot: false,
        client: false,
        devMiddleware: { writeToDisk: false },
      },
    };
  };
}

module.exports = { helioWebpackConfig, helioExternals, rules, sharedNames };
