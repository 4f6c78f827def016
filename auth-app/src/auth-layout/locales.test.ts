import cs from '../../locales/cs/auth-app.json';
import en from '../../locales/en/auth-app.json';

/** Every key path, plural suffixes folded (Czech has more plural forms than English). */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('auth-app translations', () => {
  it('have the same keys in Czech and English', () => {
    expect([...new Set(keys(cs))].sort()).toEqual([...new Set(keys(en))].sort());
  });
});
