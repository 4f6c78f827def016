const { blueprintImports, blueprintNamesIn } = require('./blueprint-imports');

describe("Blueprint's shared module is built from the names the apps import", () => {
  it('reads named imports and re-exports over several lines, leaving out types and aliases', () => {
    const source = [
      "import { Button, type IconName, Card as Box,",
      "  Dialog } from '@blueprintjs/core';",
      "import type { Intent } from '@blueprintjs/core';",
      "export { Tag } from '@blueprintjs/core';",
      "import { Other } from '@blueprintjs/icons';",
    ].join('\n');
    expect(blueprintNamesIn(source).sort()).toEqual(['Button', 'Card', 'Dialog', 'Tag']);
  });

  it('cannot narrow a namespace import: it asks for the whole module', () => {
    expect(blueprintNamesIn("import * as Bp from '@blueprintjs/core';")).toBeNull();
  });

  it('finds every app’s imports, and no app needs the whole module', () => {
    const names = blueprintImports();
    expect(names).not.toBeNull();
    // one from the nav (its menu), one from an app page, one from shared-utils (the toaster)
    expect(names).toEqual(expect.arrayContaining(['Menu', 'HTMLTable', 'OverlayToaster']));
  });
});
