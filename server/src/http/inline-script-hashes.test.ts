import { createHash } from 'node:crypto';
import { inlineScriptHashesOf, withScriptHashes } from './inline-script-hashes';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe("a page's inline script hashes", () => {
  it('hashes the scripts the browser runs, not import maps, JSON data or scripts with a src', () => {
    const html = [
      '<script>boot()</script>',
      '<script type="systemjs-importmap">{"imports":{}}</script>',
      '<script type="application/json" id="x">{}</script>',
      '<script src="/a.js"></script>',
      '<script>boot()</script>',
    ].join('');
    expect(inlineScriptHashesOf(html)).toEqual([sha('boot()')]);
  });

  it("replaces only script-src's hashes in a policy, keeping its other sources and directives", () => {
    const policy =
      "default-src 'self'; script-src 'self' 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' http://localhost:9000; style-src 'self'";
    expect(withScriptHashes(policy, [sha('boot()')])).toBe(
      `default-src 'self'; script-src 'self' ${sha('boot()')} http://localhost:9000; style-src 'self'`,
    );
  });
});
