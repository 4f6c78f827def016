// The shared @blueprintjs/icons module. Exporting the whole package would ship every icon's
// paths (~460 KB gzipped) to every visitor. Instead it exports what @blueprintjs/core uses and the
// icon API; apps name icons by string (<Icon icon="dashboard" />) and each icon's paths are fetched
// on first use as a small JSON file emitted by icon-paths-plugin.js; the few of a signed-in page's
// first paint (the rail, the nav, the dashboard: first-paint-icons.js) are in this module already.
import 'systemjs-webpack-interop/auto-public-path';
import { Icons } from '@blueprintjs/icons';

async function fetchPaths(name, size) {
  const response = await fetch(`${__webpack_public_path__}${ICON_PATHS_DIR}/${size}/${name}.json`);
  if (!response.ok) throw new Error(`icon ${name} (${size}px): HTTP ${response.status}`);
  return response.json();
}

// Blueprint keeps an icon's paths once loaded, but asks again for every icon drawn before the first
// answer came: a table of 25 rows asked for its row icons 25 times each. One request per icon.
const requested = new Map();

// 16 px paths by name, put in by the build (FIRST_PAINT_ICONS); loaded before anything renders, so
// Blueprint draws them in the first paint without asking.
for (const [name, paths] of Object.entries(FIRST_PAINT_ICONS)) requested.set(`16/${name}`, Promise.resolve(paths));

Icons.setLoaderOptions({
  loader: (name, size) => {
    const key = `${size}/${name}`;
    let paths = requested.get(key);
    if (!paths) {
      paths = fetchPaths(name, size);
      requested.set(key, paths);
      paths.catch(() => requested.delete(key)); // a failed load is tried again by the next icon drawn
    }
    return paths;
  },
});
Icons.load(Object.keys(FIRST_PAINT_ICONS), 16).catch(() => undefined);

export {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  ArrowUpIcon,
  CaretDownIcon,
  CaretRightIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  ChevronUpIcon,
  CrossIcon,
  DoubleCaretVerticalIcon,
  ErrorIcon,
  InfoSignIcon,
  KeyCommandIcon,
  KeyControlIcon,
  KeyDeleteIcon,
  KeyEnterIcon,
  KeyOptionIcon,
  KeyShiftIcon,
  SmallCrossIcon,
  SmallTickIcon,
  TickIcon,
  WarningSignIcon,
  IconNames,
  IconSize,
  Icons,
  SVGIconContainer,
} from '@blueprintjs/icons';
