// The one webpack factory: every browser workspace builds a System.register module with it.
const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const sharedModules = require('./shared-modules');
const { appsDir } = require('./paths');
const { EntryManifestPlugin } = require('./manifest-plugin');
const { swcTypescript } = require('./swc-options');

const sharedNames = sharedModules.map((m) => m.name);

/**
 * Production bundles are minified by swc through webpack's own minimizer plugin: a little smaller
 * than with its default (terser), and a clean webpack step takes 79 s instead of 110 s on two cores.
 * (esbuild was faster still, but its bundles were a fifth larger.)
 */
function minimizers() {
  const MinimizerPlugin = require('minimizer-webpack-plugin');
  return [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })];
}

/**
 * Shared libraries and every @helio/* module come from the import map, never from the bundle. The
 * one exception is @helio/contracts: plain values and types compiled into each bundle that uses them.
 */
function helioExternals(except = []) {
  return [...sharedNames.filter((n) => !except.includes(n)), /^@helio\/(?!contracts(\/|$)).+/];
}

const contractsSource = path.join(__dirname, '..', 'contracts', 'src');

/**
 * The runtime reaches the global object through `globalThis`, not webpack's fallback
 * `new Function('return this')`, so no bundle carries eval-like code (see the CSP in server/src/http).
 */
const NO_EVAL_ENVIRONMENT = { globalThis: true };

/**
 * Production builds extract each app's CSS into files: the entry's are linked from index.html
 * (tools/scripts/assemble-public.mjs), a lazy chunk's are loaded with it by webpack's runtime. No
 * <style> element is ever added, so the console's CSP allows stylesheets from its own origin only.
 * Development builds (a dev server behind import-map-overrides) inject <style> elements, which only
 * the opt-in CSP_DEV_ORIGINS relaxation allows.
 */
function cssLoader(production) {
  return production ? MiniCssExtractPlugin.loader : require.resolve('style-loader');
}

function cssPlugins(production) {
  return production
    ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })]
    : [];
}

function rules(production = true) {
  return [
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      // Transpiled only (tools/swc-options.js): `tsc` type-checks the whole repo, in the build or in
      // `npm test`'s type-check step. swc instead of ts-loader: a clean webpack step 41 → 33 s (78 → 68 s of CPU), the bundles within 40 bytes.
      use: { loader: require.resolve('swc-loader'), options: swcTypescript('es6') },
    },
    { test: /\.css$/, use: [cssLoader(production), require.resolve('css-loader')] },
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
        environment: NO_EVAL_ENVIRONMENT,
      },
      externals: helioExternals(),
      externalsType: 'system',
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '@helio/contracts': contractsSource } },
      module: { rules: rules(production) },
      optimization: production ? { minimizer: minimizers() } : {},
      // Never an eval-based devtool: the console's Content-Security-Policy has no 'unsafe-eval', and a
      // dev build swapped in with import-map-overrides runs under the same policy.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        name: `${workspace}-${production ? 'production' : 'development'}`,
        buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')] },
      },
      plugins: [new EntryManifestPlugin(), ...cssPlugins(production)],
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

module.exports = { helioWebpackConfig, helioExternals, rules, cssPlugins, minimizers, sharedNames, NO_EVAL_ENVIRONMENT };
