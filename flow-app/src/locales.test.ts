import cs from '../locales/cs/flow-app.json';
import en from '../locales/en/flow-app.json';

/** Every leaf key of a translation tree, as a dotted path. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the flow-app translations', () => {
  it('have the same keys in Czech and English', () => {
    expect(keysOf(cs).sort()).toEqual(keysOf(en).sort());
  });

  it('have no empty texts', () => {
    const empty = (tree: object) =>
      keysOf(tree).filter((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], tree) === '');
    expect([...empty(cs), ...empty(en)]).toEqual([]);
  });
});
