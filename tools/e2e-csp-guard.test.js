// Every browser journey must run under the CSP guard (e2e/tests/csp-guard.ts): a spec that takes
// Playwright's own `test` would let a violation pass unnoticed.
const fs = require('fs');
const path = require('path');

const testsDir = path.join(__dirname, '..', 'e2e', 'tests');

describe('e2e journeys', () => {
  it('take test and expect from ./support, which fails a journey on any CSP violation', () => {
    const specs = fs.readdirSync(testsDir).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(10);
    const unguarded = specs.filter((f) => {
      const source = fs.readFileSync(path.join(testsDir, f), 'utf8');
      const fromPlaywright = /import\s*\{([^}]*)\}\s*from\s*'@playwright\/test'/.exec(source)?.[1] ?? '';
      const takesTest = fromPlaywright.split(',').some((name) => name.trim() === 'test');
      return takesTest || !/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\/support'/.test(source);
    });
    expect(unguarded).toEqual([]);
  });

  it("reach their own worker's server: no journey reads the first server's ports from the environment", () => {
    // Each journey worker has a server, broker and data directory of its own (e2e/playwright.config.ts);
    // the base ports name the first worker's, so a journey on the second would talk to the wrong one.
    const files = fs.readdirSync(testsDir).filter((f) => f.endsWith('.ts'));
    const readers = files.filter((f) => /process\.env\.(E2E_PORT|E2E_MQTT_PORT)\b/.test(fs.readFileSync(path.join(testsDir, f), 'utf8')));
    expect(readers).toEqual([]);
  });
});
