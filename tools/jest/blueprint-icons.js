// @blueprintjs/icons in the browser apps' jest suites, as the console ships it (shared-deps/src/
// blueprintjs-icons.js): Blueprint's real icon API and components, each icon's paths loaded from its
// own file when first drawn. The package's CommonJS entry instead requires every icon's component and
// paths, some 3,250 modules: 1.6 s of CPU before each browser test file's first line (measured
// 2026-11-29), about a third of what those files cost.
const path = require('node:path');

const lib = path.join(path.dirname(require.resolve('@blueprintjs/icons/package.json')), 'lib', 'cjs');
const { Icons } = require(path.join(lib, 'iconLoader'));
const { IconNames } = require(path.join(lib, 'iconNames'));

/** One icon's paths, as the build's per-icon JSON files hold them. */
Icons.setLoaderOptions({ loader: async (name, size) => require(path.join(lib, 'generated', `${size}px`, 'paths', `${name}.js`)).default });

const icons = {
  __esModule: true,
  Icons,
  IconNames,
  IconSize: require(path.join(lib, 'iconTypes')).IconSize,
  SVGIconContainer: require(path.join(lib, 'svgIconContainer')).SVGIconContainer,
};

// Each icon component (`SmallCrossIcon`, and its alias `SmallCross`) is required on first use.
const componentsDir = path.join(lib, 'generated', 'components');
for (const [pascal, name] of Object.entries(IconNames)) {
  if (!/^[A-Z][a-z]/.test(pascal)) continue; // the legacy SNAKE_CASE keys name the same icons
  for (const exported of [`${pascal}Icon`, pascal])
    Object.defineProperty(icons, exported, { enumerable: true, get: () => require(path.join(componentsDir, `${name}.js`))[exported] });
}

module.exports = icons;
