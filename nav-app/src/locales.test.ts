import cs from '../locales/cs/nav-app.json';
import en from '../locales/en/nav-app.json';

/** Every leaf key of a translation tree, as a dotted path. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Keys with i18next plural suffixes folded: Czech needs one/few/many/other where English has one/other. */
const baseKeysOf = (tree: object) => [...new Set(keysOf(tree).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('the nav-app translations', () => {
  it('have the same keys in Czech and English', () => {
    expect(baseKeysOf(cs)).toEqual(baseKeysOf(en));
  });

  it('give every plural an "other" form in both languages', () => {
    for (const tree of [cs, en]) {
      const plurals = keysOf(tree)
        .filter((k) => /_(one|few|many)$/.test(k))
        .map((k) => k.replace(/_\w+$/, '_other'));
      expect(plurals.filter((k) => !keysOf(tree).includes(k))).toEqual([]);
    }
  });

  it('have no empty texts', () => {
    const empty = (tree: object) =>
      keysOf(tree).filter((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree) === '');
    expect([...empty(cs), ...empty(en)]).toEqual([]);
  });
});
