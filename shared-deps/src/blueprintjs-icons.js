// The shared @blueprintjs/icons module. Exporting the whole package would ship every icon's
// paths (~460 KB gzipped) to every visitor. Instead it exports what @blueprintjs/core uses and the
// icon API; apps name icons by string (<Icon icon="dashboard" />) and each icon's paths load on
// first use as their own small chunk.
import 'systemjs-webpack-interop/auto-public-path';
import { Icons } from '@blueprintjs/icons';

Icons.setLoaderOptions({
  loader: (name, size) =>
    import(
      /* webpackChunkName: "icon-[request]" */
      /* webpackInclude: /\.js$/ */
      /* webpackExclude: /index\.js$/ */
      `@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`
    ).then((m) => m.default),
});

export {
  ArrowDownIcon, ArrowLeftIcon, ArrowRightIcon, ArrowUpIcon, CaretDownIcon, CaretRightIcon,
  ChevronDownIcon, ChevronRightIcon, ChevronUpIcon, CrossIcon, DoubleCaretVerticalIcon, ErrorIcon,
  InfoSignIcon, KeyCommandIcon, KeyControlIcon, KeyDeleteIcon, KeyEnterIcon, KeyOptionIcon,
  KeyShiftIcon, SmallCrossIcon, SmallTickIcon, TickIcon, WarningSignIcon,
  IconNames, IconSize, Icons, SVGIconContainer,
} from '@blueprintjs/icons';
