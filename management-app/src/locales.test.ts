import cs from '../locales/cs/management-app.json';
import en from '../locales/en/management-app.json';
import { SETTING_FIELDS } from '@helio/contracts/limits';

/** Every leaf key of a translation tree, as a dotted path. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the management-app translations', () => {
  it('have the same keys in Czech and English', () => {
    expect(keysOf(cs).sort()).toEqual(keysOf(en).sort());
  });

  it('name every setting the server knows', () => {
    expect(SETTING_FIELDS.filter((field) => !(field in cs.fields))).toEqual([]);
  });
});
