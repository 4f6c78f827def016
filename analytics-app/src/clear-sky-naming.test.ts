// The performance ratio the analytics pages show is against a clear-sky model, not measured
// irradiance (docs/figures.md): every label of it says so, in Czech and English.
import cs from '../locales/cs/analytics-app.json';
import en from '../locales/en/analytics-app.json';

/** Every string under a key that names the performance ratio, with its path. */
function prTexts(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return /performanceRatio|prAgainstPeers|methodTitle/.test(path) ? [[path, node]] : [];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => prTexts(value, path ? `${path}.${key}` : key));
}

describe('the clear-sky performance ratio', () => {
  it.each([
    ['cs', cs, /jasn/],
    ['en', en, /clear[ -]sky/i],
  ])('is named as such everywhere in %s', (_language, texts, clearSky) => {
    const labels = prTexts(texts);
    expect(labels.length).toBeGreaterThanOrEqual(5);
    for (const [path, text] of labels) expect([path, clearSky.test(text)]).toEqual([path, true]);
  });
});
