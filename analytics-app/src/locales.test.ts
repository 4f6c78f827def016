import cs from '../locales/cs/analytics-app.json';
import en from '../locales/en/analytics-app.json';

/** Every leaf key of a translation tree, as a dotted path, plural forms folded into one. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|few|many|other)$/, '')}`],
  );
}

describe('the analytics-app translations', () => {
  it('have the same keys in Czech and English', () => {
    expect([...new Set(keysOf(cs))].sort()).toEqual([...new Set(keysOf(en))].sort());
  });

  it('name every alert kind the server raises', () => {
    expect(Object.keys(cs.alertKinds).sort()).toEqual([
      'batteryLow',
      'chargerFault',
      'gatewayOffline',
      'gridOutage',
      'inverterFault',
      'pvLow',
    ]);
  });
});
