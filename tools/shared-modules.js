// The libraries every browser app shares at run time: one copy each, served by shared-deps and
// listed in the import map. Every app marks them external; shared-deps builds each one.
// `pkg` is the npm package whose installed version names the file, so map and files cannot drift.
// `narrow`: the module carries only the names the apps import (tools/shared-imports.js).
// rxjs/operators is left out on purpose: RxJS 7 exports every operator from 'rxjs', and a second
// bundle would carry a second Observable class.
module.exports = [
  { name: 'react', pkg: 'react' },
  { name: 'react/jsx-runtime', pkg: 'react' },
  { name: 'react-dom', pkg: 'react-dom' },
  { name: 'react-dom/client', pkg: 'react-dom' },
  { name: 'react-router-dom', pkg: 'react-router-dom', narrow: true },
  { name: 'rxjs', pkg: 'rxjs', narrow: true },
  { name: '@tanstack/react-query', pkg: '@tanstack/react-query', narrow: true },
  { name: 'i18next', pkg: 'i18next' },
  { name: 'react-i18next', pkg: 'react-i18next' },
  { name: 'i18next-http-backend', pkg: 'i18next-http-backend' },
  { name: '@blueprintjs/core', pkg: '@blueprintjs/core', narrow: true },
  { name: '@blueprintjs/icons', pkg: '@blueprintjs/icons', entry: 'shared-deps/src/blueprintjs-icons.js' },
  { name: 'single-spa', pkg: 'single-spa' },
];
