// The shared @blueprintjs/icons module. Exporting the whole package would ship every icon's
// paths (~460 KB gzipped) to every visitor. Instead it exports what @blueprintjs/core uses and the
// icon API; apps name icons by string (<Icon icon="dashboard" />) and each icon's paths are fetched
// on first use as a small JSON file emitted by icon-paths-plugin.js.
import 'systemjs-webpack-interop/auto-public-path';
import { Icons } from '@blueprintjs/icons';

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const response = await fetch(`${__webpack_public_path__}${ICON_PATHS_DIR}/${size}/${name}.json`);
    if (!response.ok) throw new Error(`icon ${name} (${size}px): HTTP ${response.status}`);
    return response.json();
  },
});

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
