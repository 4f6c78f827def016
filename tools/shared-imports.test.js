const { importedNames, importedNamesIn } = require('./shared-imports');
const sharedModules = require('./shared-modules');

describe('a narrowed shared module is built from the names the apps import', () => {
  it('reads named imports and re-exports over several lines, leaving out types and aliases', () => {
    const source = [
      'import { Button, type IconName, Card as Box,',
      "  Dialog } from '@blueprintjs/core';",
      "import type { Intent } from '@blueprintjs/core';",
      "export { Tag } from '@blueprintjs/core';",
      "import { Other } from '@blueprintjs/icons';",
    ].join('\n');
    expect(importedNamesIn(source, '@blueprintjs/core').sort()).toEqual(['Button', 'Card', 'Dialog', 'Tag']);
  });

  it('cannot narrow a namespace or default import: it asks for the whole module', () => {
    expect(importedNamesIn("import * as Bp from '@blueprintjs/core';", '@blueprintjs/core')).toBeNull();
    expect(importedNamesIn("import Rx, { map } from 'rxjs';", 'rxjs')).toBeNull();
  });

  it('finds every app’s Blueprint imports: the nav’s menu, a page’s table, shared-utils’ toaster', () => {
    expect(importedNames('@blueprintjs/core')).toEqual(expect.arrayContaining(['Menu', 'HTMLTable', 'OverlayToaster']));
  });

  it('can narrow every library marked `narrow`: no app imports one of them whole', () => {
    for (const m of sharedModules.filter((shared) => shared.narrow)) expect(importedNames(m.name)).not.toBeNull();
  });
});
